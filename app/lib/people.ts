import { data } from "react-router";

/** A user id from a URL: digits only, or (thrown) the 404 page. */
export function userIdOf(param: string | undefined): number {
  if (!param || !/^[1-9]\d{0,14}$/.test(param)) throw data("用户不存在", { status: 404 });
  return Number(param);
}
