import { Link, useLocation } from "react-router";
import { signinPath } from "../lib/ref.ts";

/** 登录 / 注册, coming back to the page it was clicked on. */
export function SigninLink({ className }: { className: string }) {
  const location = useLocation();
  return (
    <Link to={signinPath(location.pathname + location.search)} className={className}>
      登录 / 注册
    </Link>
  );
}
