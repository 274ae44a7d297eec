import { useEffect } from "react";
import { isRouteErrorResponse, Link, useLocation } from "react-router";
import { markProgressFailed } from "./ProgressBar.tsx";
import { isChunkError, reloadTo } from "../lib/chunk-reload.ts";

function errorText(error: unknown): { status: number; description: string; signin: boolean } {
  let status = 500;
  let message = "";
  let signin = false;
  if (isRouteErrorResponse(error)) {
    status = error.status;
    message = typeof error.data === "string" ? error.data : (error.data?.message ?? "");
    signin = error.data?.signin === true;
  }
  const description =
    status === 404 ? message || "页面没找到" : status === 403 ? message || "forbidden" : `${status} 页面异常`;
  return { status, description, signin };
}

/** requirements §2 error page: 404 页面没找到, 403 forbidden, otherwise the status and 页面异常; red and centred, with a report link. */
export function ErrorView({ error }: { error: unknown }) {
  useEffect(() => markProgressFailed(), []);
  // A part of the script that did not load: the page loads afresh, at most once a minute.
  useEffect(() => {
    if (isChunkError(error)) reloadTo(window.location.href);
  }, [error]);
  const { status, description, signin } = errorText(error);
  const { pathname, search } = useLocation();
  const here = pathname + search;
  return (
    <main className="flex min-h-[60vh] flex-col items-center justify-center px-6 text-center" data-testid="error-page">
      <p className="text-6xl font-bold text-muted">{status}</p>
      <h1 className="mt-4 text-lg font-medium text-danger">{description}</h1>
      <div className="mt-8 flex gap-4 text-sm">
        {signin ? (
          <Link
            to={`/user/signin?ref=${encodeURIComponent(here)}`}
            className="rounded-full bg-primary px-5 py-2 text-on-primary"
          >
            登录后继续
          </Link>
        ) : (
          <Link to="/" className="rounded-full bg-primary px-5 py-2 text-on-primary">
            返回首页
          </Link>
        )}
        <Link
          to={`/report?target=page&url=${encodeURIComponent(here)}`}
          rel="nofollow"
          className="rounded-full border border-line px-5 py-2"
        >
          报告问题
        </Link>
      </div>
    </main>
  );
}
