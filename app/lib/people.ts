import { idParam } from "./params.ts";

/** A user id from a URL, or (thrown) the 404 page. */
export const userIdOf = (param: string | undefined) => idParam(param, "用户不存在");
