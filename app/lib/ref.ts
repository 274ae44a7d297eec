export { safeRef, pagePath, pagePathname, signinPath } from "../../contract/shared/return-path.ts";

/** A route's path as app/routes.ts writes it ("articles/:tagId?"), from the pattern a loader is given. */
export const routePattern = (pattern: string) => pattern.replace(/^\//, "");

/** True for React Router's data requests (client-side navigations, revalidations, fetchers), not documents. */
export function isDataRequest(request: Request): boolean {
  return new URL(request.url).pathname.endsWith(".data");
}

/** The 举报 form for a work, comment or person, returning to `from` once sent. */
export function reportPath(target: "work" | "comment" | "user", id: number, from: string): string {
  return `/report?target=${target}&id=${id}&from=${encodeURIComponent(from)}`;
}

/** 版权申诉: the 举报 form for a work with 侵犯版权 chosen, and the original filled in when it is known. */
export function claimPath(id: number, from: string, original = ""): string {
  return `${reportPath("work", id, from)}&reason=copyright${original ? `&original=${encodeURIComponent(original)}` : ""}`;
}
