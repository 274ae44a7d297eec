import { test as base } from "@playwright/test";

export { expect } from "@playwright/test";

/**
 * Each test is a visitor of its own, arriving through the proxy the e2e site trusts (TRUST_PROXY=1) from an
 * address of its own: the site counts sign-ups, codes and failures per address, as it would for real visitors.
 */
export function visitorHeaders() {
  const byte = () => 1 + Math.floor(Math.random() * 254);
  return { "X-Forwarded-For": `10.${byte()}.${byte()}.${byte()}` };
}

export const test = base.extend({
  extraHTTPHeaders: async ({}, use) => use(visitorHeaders()),
});
