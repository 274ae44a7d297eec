import { e2eServices } from "../../playwright.config.ts";
import { expect, test } from "./fixtures.ts";

// The browser's errors reach the error service (SENTRY_DSN), naming the build, the route and the request that drew
// the page, and nothing of the reader; a page without errors loads none of the reporting code.
const reports = async (needle: string) => {
  const all = (await (await fetch(`http://127.0.0.1:${e2eServices.http}/errors`)).json()) as string[];
  return all.filter((r) => r.includes(needle));
};

test("an error in the page is reported once, with the release, route and request id", async ({ page }) => {
  const loaded: string[] = [];
  page.on("request", (r) => loaded.push(r.url()));
  const res = await page.goto("/about");
  const requestId = res!.headers()["x-request-id"];
  expect(requestId).toBeTruthy();
  await page.waitForLoadState("networkidle");
  // Nothing of Sentry's client is fetched while nothing has gone wrong.
  const before = loaded.length;
  const marker = `boom-${Date.now()}`;
  await page.evaluate((m) => setTimeout(() => Promise.reject(new Error(m))), marker);
  await expect.poll(async () => (await reports(marker)).length, { timeout: 10_000 }).toBe(1);
  expect(loaded.slice(before).some((u) => u.includes("/assets/"))).toBe(true);
  const [envelope] = await reports(marker);
  const event = envelope
    .split("\n")
    .map((l) => JSON.parse(l) as Record<string, unknown>)
    .find((o) => "exception" in o)!;
  expect(event).toMatchObject({
    release: "e2e-release",
    tags: { request_id: requestId, route: "routes/pages/about", where: "promise", side: "browser" },
  });
  expect(event.user).toBeUndefined();
  expect(JSON.stringify(event)).not.toContain("token=");
});
