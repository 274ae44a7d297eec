import pg from "pg";
import { expect, test } from "./fixtures.ts";
import { e2eDatabaseUrl } from "../../playwright.config.ts";
import { register, uniqueName } from "./helpers.ts";

// Only in the second browser run (E2E_STACK=cluster; playwright.config.ts leaves this file out of the first): the
// proxy really spreads a visit over both servers, so the rest of the suite has crossed processes wherever it did
// two things.
test.describe("two servers behind the proxy", { tag: "@cluster" }, () => {
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

test("captchas are kept in Redis, not in the database", { tag: "@cluster" }, async ({ page }) => {
  // register() reads the sign-up page's captcha from Redis (helpers.ts), and the proxy spreads asking and answering.
  await register(page, uniqueName("c"));
  await expect(page.getByLabel("用户菜单")).toBeVisible();
  const pool = new pg.Pool({ connectionString: e2eDatabaseUrl, max: 1 });
  try {
    expect(Number((await pool.query("select count(*) as n from captchas")).rows[0].n)).toBe(0);
  } finally {
    await pool.end();
  }
});
