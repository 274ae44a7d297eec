import { describe, expect, it } from "vitest";
import { loadBuild, pageTypes, routeBytes } from "./route-bytes.ts";

/**
 * What a first visit to each page type downloads beside its HTML, gzipped, held to a budget: a dependency or an
 * import that grows a page's scripts past it fails here, where a timing could not (scripts/route-bytes.ts). Raise a
 * budget only with the reason in the commit, and the Lighthouse run that shows the page still at the link's limit.
 */
const KB = 1024;
const budgets: Record<keyof typeof pageTypes, { js: number; css: number }> = {
  home: { js: 136 * KB, css: 10 * KB },
  work: { js: 146 * KB, css: 10 * KB },
  listing: { js: 136 * KB, css: 10 * KB },
  node: { js: 136 * KB, css: 10 * KB },
  search: { js: 141 * KB, css: 10 * KB },
  profile: { js: 138 * KB, css: 10 * KB },
  signin: { js: 139 * KB, css: 10 * KB },
};

const build = await loadBuild();

describe("each page type's scripts and styles, gzipped", () => {
  it.each(Object.entries(pageTypes))("%s (%s) stays within its budget", (page, route) => {
    const bytes = routeBytes(build, route);
    const budget = budgets[page as keyof typeof budgets];
    expect(bytes.js, `${page}: JavaScript ${bytes.js} B`).toBeLessThanOrEqual(budget.js);
    expect(bytes.css, `${page}: CSS ${bytes.css} B`).toBeLessThanOrEqual(budget.css);
  });

  it("counts what a page really loads: the work page carries its gallery, the sign-in page does not", () => {
    const work = routeBytes(build, pageTypes.work);
    const signin = routeBytes(build, pageTypes.signin);
    expect(work.js).toBeGreaterThan(100 * KB);
    expect(work.js).not.toBe(signin.js);
  });
});
