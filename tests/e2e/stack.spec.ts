import { expect, test } from "./fixtures.ts";
import { register, uniqueName } from "./helpers.ts";

// Only in the second browser run (E2E_STACK=cluster; playwright.config.ts leaves this file out of the first): the
// proxy really spreads a visit over both servers, so the rest of the suite has crossed processes wherever it did
// two things.
test.describe("two servers behind the proxy", () => {
  test("serve one person's visit in turn, signed in on both", async ({ page }) => {
    const name = uniqueName("s");
    await register(page, name);
    const servedBy = new Set<string>();
    page.on("response", (res) => {
      const server = res.headers()["x-e2e-server"];
      if (server && res.request().resourceType() === "document") servedBy.add(server);
    });
    // Other tests' requests go through the same proxy between ours, so which server answers is left to chance:
    // walk on until both have (twenty pages leave it a chance in a million not to).
    const pages = ["/", "/arts", "/user/favorites", "/user/scores"];
    for (let i = 0; i < 20 && servedBy.size < 2; i++) {
      await page.goto(pages[i % pages.length]);
      await expect(page.getByLabel("用户菜单")).toBeVisible();
    }
    expect([...servedBy].sort()).toEqual(["0", "1"]);
  });
});
