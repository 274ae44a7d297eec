import type { Context } from "hono";
import type { ApiEnv } from "../context.ts";
import { isStaff } from "../../contract/roles.ts";
import type { CurrentUserView } from "../../contract/views/signin.ts";
import { ApiError } from "./errors.ts";

/** The signed-in user, or the error that says why there is none (no token, or a dead one). */
export function requireUser(c: Context<ApiEnv>): CurrentUserView {
  const user = c.get("user");
  if (user) return user;
  throw new ApiError(c.get("token") ? "tokenInvalid" : "notSignedIn");
}

export function requireStaff(c: Context<ApiEnv>): CurrentUserView {
  const user = requireUser(c);
  if (!isStaff(user)) throw new ApiError("forbidden");
  return user;
}
