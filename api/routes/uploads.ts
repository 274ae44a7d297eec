import { endpoints } from "../lib/endpoint.ts";
import { uploads } from "../../contract/works/upload-endpoints.ts";
import { requireUser } from "../lib/auth.ts";
import { ApiError } from "../lib/errors.ts";
import { type FileRule, readFileForm } from "../lib/multipart.ts";
import { assertMayUpload, fileRules, uploadAudio, uploadImage } from "../services/works/uploads.ts";
import type { CallBase } from "../serve/call.ts";

/** The file in its multipart field, as bytes; its name and claimed type are ignored (the bytes are sniffed). */
async function fileField(c: CallBase, rule: FileRule, label: string): Promise<Buffer> {
  const { file } = await readFileForm(c, rule);
  if (!file) throw new ApiError("validation", `请选择要上传的${label}`, { [rule.field]: `请选择要上传的${label}` });
  return file;
}

export const uploadRoutes = endpoints()
  // requirements §7: multipart with an image file, answers the url.
  .answer(uploads.image, async (c) => {
    const user = requireUser(c);
    // Refused before the body is read when the member may not upload at all.
    await assertMayUpload(c.deps, user);
    return uploadImage(c.deps, user, await fileField(c, fileRules.image, "图片"));
  })
  .answer(uploads.audio, async (c) => {
    const user = requireUser(c);
    await assertMayUpload(c.deps, user);
    return uploadAudio(c.deps, user, await fileField(c, fileRules.audio, "音频"));
  }).all;
