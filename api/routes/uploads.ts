import { endpoints } from "../lib/endpoint.ts";
import { uploads } from "../../contract/endpoints/uploads.ts";
import { requireUser } from "../lib/auth.ts";
import { ApiError } from "../lib/errors.ts";
import { readBody } from "../lib/validate.ts";
import { assertMayUpload, uploadAudio, uploadImage } from "../services/uploads.ts";

/** The file in a multipart field, as bytes; its name and claimed type are ignored (the bytes are sniffed). */
async function fileField(body: Record<string, unknown>, field: string, label: string): Promise<Buffer> {
  const value = Array.isArray(body[field]) ? (body[field] as unknown[])[0] : body[field];
  if (!(value instanceof File))
    throw new ApiError("validation", `请选择要上传的${label}`, { [field]: `请选择要上传的${label}` });
  return Buffer.from(await value.arrayBuffer());
}

export const uploadRoutes = endpoints()
  // requirements §7: multipart with an image file, answers the url.
  .answer(uploads.image, async (c) => {
    const user = requireUser(c);
    // Refused before the body is read when the member may not upload at all.
    await assertMayUpload(c.get("deps"), user);
    return uploadImage(c.get("deps"), user, await fileField(await readBody(c), "image", "图片"));
  })
  .answer(uploads.audio, async (c) => {
    const user = requireUser(c);
    await assertMayUpload(c.get("deps"), user);
    return uploadAudio(c.get("deps"), user, await fileField(await readBody(c), "audio", "音频"));
  }).app;
