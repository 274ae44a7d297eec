export {
  claimPath,
  reportPath,
  safeRef,
  pagePath,
  pagePathname,
  signinPath,
} from "../../contract/shared/return-path.ts";

/** A route's path as app/routes.ts writes it ("articles/:tagId?"), from the pattern a loader is given. */
export const routePattern = (pattern: string) => pattern.replace(/^\//, "");

/** True for React Router's data requests (client-side navigations, revalidations, fetchers), not documents. */
export function isDataRequest(request: Request): boolean {
  return new URL(request.url).pathname.endsWith(".data");
}
