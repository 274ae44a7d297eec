import { data } from "react-router";

/** Admin paths that do not exist yet answer 404 (after the layout's 403 check). */
export function loader() {
  throw data("页面没找到", { status: 404 });
}

export default function Missing() {
  return null;
}
