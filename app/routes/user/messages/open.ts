import { redirect } from "react-router";
import type { Route } from "./+types/open";
import { ApiFailure, apiClient } from "../../../lib/api.server.ts";
import { describeNotification } from "../../../../contract/inbox/notice-text.ts";
import { pagePath } from "../../../lib/ref.ts";
import { signinRedirect } from "../../../lib/site.server.ts";
import { readNotification } from "../../../lib/upstream/inbox.ts";
import { ErrorCode } from "../../../../contract/shared/errors.ts";
import { attempt, toastAndGo } from "../../../lib/form-action.server.ts";

/**
 * Opens a notification: marks it read and goes where it points. The target comes from the notification itself,
 * never from the address, so this cannot be made to send anyone elsewhere; a link from another site only leads to
 * the list.
 */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const api = apiClient(request, context);
  if (!api.token) throw signinRedirect(context, pagePath(request.url));
  // Another site may link here, and the browser would send the cookie along: such a visit reads nothing.
  if (request.headers.get("sec-fetch-site") === "cross-site") return redirect("/user/messages");
  const id = Number(params.id);
  const read = await attempt(
    Number.isInteger(id) && id > 0
      ? readNotification(api, id)
      : Promise.reject(new ApiFailure(404, ErrorCode.notFound, "通知不存在")),
  );
  if (!read.ok) return toastAndGo(context, read.failure, "/user/messages");
  return redirect(describeNotification(read.value).to);
}
