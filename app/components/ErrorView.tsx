import { useEffect } from "react";
import { isRouteErrorResponse, Link, useLocation } from "react-router";
import { markProgressFailed } from "./ProgressBar.tsx";

function errorText(error: unknown): { status: number; description: string } {
  let status = 500;
  let message = "";
  if (isRouteErrorResponse(error)) {
    status = error.status;
    message = typeof error.data === "string" ? error.data : (error.data?.message ?? "");
  }
  const description =
    status === 404 ? message || "页面没找到" : status === 403 ? message || "forbidden" : `${status} 页面异常`;
  return { status, description };
}

/** spec §2 error page: 404 页面没找到, 403 forbidden, otherwise the status and 页面异常; red and centred, with a report link. */
export function ErrorView({ error }: { error: unknown }) {
  useEffect(() => markProgressFailed(), []);
  const { status, description } = errorText(error);
  const { pathname, search } = useLocation();
  return (
    <main className="flex min-h-[60vh] flex-col items-center justify-center px-6 text-center" data-testid="error-page">
      <p className="text-6xl font-bold text-line">{status}</p>
      <h1 className="mt-4 text-lg font-medium text-[#dc2626]">{description}</h1>
      <div className="mt-8 flex gap-4 text-sm">
        <Link to="/" className="rounded-full bg-primary px-5 py-2 text-on-primary">
          返回首页
        </Link>
        <Link
          to={`/report?target=page&url=${encodeURIComponent(pathname + search)}`}
          rel="nofollow"
          className="rounded-full border border-line px-5 py-2"
        >
          报告问题
        </Link>
      </div>
    </main>
  );
}
