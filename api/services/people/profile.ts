import { ownedUploads } from "../../db/queries/uploads.ts";
import { updateUser } from "../../db/queries/users.ts";
import { fieldError } from "../../lib/errors.ts";
import type { CurrentUserView } from "../../../contract/signin/views.ts";
import { assertMayPost } from "../moderation/restrictions.ts";
import type { Deps } from "../deps.ts";

/** An image this person uploaded here, with its thumbnails; anything else is refused with `field`'s message. */
async function ownImage(deps: Deps, userId: number, url: string, field: string, message: string) {
  const [upload] = await ownedUploads(deps.db, userId, [url]);
  if (!upload || upload.kind !== "image") throw fieldError("validation", field, message);
  return { url: upload.url, variants: JSON.parse(upload.variants) as Record<string, string> };
}

/** The personal centre's background: one of the owner's own uploaded pictures. */
export async function setBackground(deps: Deps, user: CurrentUserView, url: string) {
  assertMayPost(deps, user);
  const image = await ownImage(deps, user.id, url, "backgroundImage", "背景图片无效，请重新上传");
  await updateUser(deps.db, user.id, {
    background_image: image.url,
    small_background_image: image.variants["640"] ?? image.url,
    updated_at: deps.now(),
  });
  return { backgroundImage: image.url };
}
