import { test as base, type Page } from "@playwright/test";

export { expect } from "@playwright/test";

/**
 * Each test is a visitor of its own, arriving through the proxy the e2e site trusts (TRUST_PROXY=1) from an
 * address of its own: the site counts sign-ups, codes and failures per address, as it would for real visitors.
 */
export function visitorHeaders() {
  const byte = () => 1 + Math.floor(Math.random() * 254);
  return { "X-Forwarded-For": `10.${byte()}.${byte()}.${byte()}` };
}

/**
 * A page's scripts start with its first frame (app/speed/scripts-after-paint.tsx), which may come after the browser's
 * `load`: so with JavaScript on, a new document is taken as arrived once it has hydrated (`<html data-hydrated>`), as
 * a person's click would be React's after a moment. A document React Router did not draw (a feed, a picture) is
 * arrived at `load`; one whose scripts never run is left as it is after a while, for the test to say what it misses.
 */
async function untilPageHydrated(page: Page) {
  await page
    .waitForFunction(
      () => !("__reactRouterContext" in window) || document.documentElement.dataset.hydrated !== undefined,
      null,
      {
        timeout: 10_000,
      },
    )
    .catch(() => {});
}

const hydrating = new WeakSet<Page>();

/** Makes `goto` and `reload` wait for hydration on this page, the test's own or one it opened in a context of its own. */
function arriveHydrated(page: Page) {
  if (hydrating.has(page)) return;
  hydrating.add(page);
  const arriving =
    <A extends unknown[], R>(go: (...args: A) => Promise<R>) =>
    async (...args: A) => {
      const response = await go(...args);
      await untilPageHydrated(page);
      return response;
    };
  page.goto = arriving(page.goto.bind(page));
  page.reload = arriving(page.reload.bind(page));
}

export const test = base.extend<object, { hydratingBrowser: void }>({
  extraHTTPHeaders: async ({}, use) => use(visitorHeaders()),
  page: async ({ page, javaScriptEnabled }, use) => {
    if (javaScriptEnabled) arriveHydrated(page);
    await use(page);
  },
  hydratingBrowser: [
    async ({ browser }, use) => {
      const newContext = browser.newContext.bind(browser);
      browser.newContext = async (options) => {
        const context = await newContext(options);
        if (options?.javaScriptEnabled !== false) context.on("page", arriveHydrated);
        return context;
      };
      await use();
    },
    { scope: "worker", auto: true },
  ],
});
