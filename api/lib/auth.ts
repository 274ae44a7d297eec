import type { ApiCall } from "../serve/call.ts";
import { isStaff } from "../../contract/shared/roles.ts";
import type { CurrentUserView } from "../../contract/signin/views.ts";
import { ApiError } from "./errors.ts";

/** The signed-in user, or the error that says why there is none (no token, or a dead one). */
export function requireUser(c: Pick<ApiCall, "user" | "token">): CurrentUserView {
  if (c.user) return c.user;
  throw new ApiError(c.token ? "tokenInvalid" : "notSignedIn");
}

export function requireStaff(c: Pick<ApiCall, "user" | "token">): CurrentUserView {
  const user = requireUser(c);
  if (!isStaff(user)) throw new ApiError("forbidden");
  return user;
}
