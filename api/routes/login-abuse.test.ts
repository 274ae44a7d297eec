import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { limitRules } from "../lib/rate-limit.ts";
import { startApi, type TestApi } from "../test/harness.ts";
import { stack } from "../test/engine.ts";
import * as declared from "../../contract/endpoints.ts";

// Counts argon2 verifications, to show an unknown account costs the same work as a wrong password.
const argon = vi.hoisted(() => ({ verifies: 0 }));
vi.mock("@node-rs/argon2", async (importOriginal) => {
  const real = await importOriginal<typeof import("@node-rs/argon2")>();
  return {
    ...real,
    verify: (...args: Parameters<typeof real.verify>) => {
      argon.verifies++;
      return real.verify(...args);
    },
  };
});

let t: TestApi;
beforeEach(async () => {
  t = await startApi();
  await t.signup({ username: "alice", email: "alice@example.com", password: "secret123" });
});
afterEach(async () => t.close());

const signin = (username: string, password: string, ip = "203.0.113.7") =>
  t.send(declared.signin.signin, { body: { username, password } }, { ip });

describe("sign-in brute force", () => {
  it("spends an argon2 verification on an unknown account too", async () => {
    const before = argon.verifies;
    await signin("nobody", "secret123");
    await signin("alice", "wrong-one");
    expect(argon.verifies - before).toBe(2);
  });

  it("blocks an account from one address after 5 failures, even with the right password, and tells how long", async () => {
    const { points } = limitRules.signinAccountIp;
    for (let i = 0; i < points; i++) expect((await signin("alice", `wrong${i}`)).status).toBe(400);
    const blocked = await signin("alice", "secret123");
    expect(blocked.status).toBe(429);
    expect(blocked.body).toMatchObject({ success: false, errorCode: 1029 });
    expect(blocked.body.message).toMatch(/^尝试次数过多，请\d+分钟后再试$/);
    // The same account from another address still works, and so does another account from this one.
    expect((await signin("alice", "secret123", "198.51.100.1")).body.success).toBe(true);
    await t.signup({ username: "bob", email: "bob@example.com", password: "secret123" });
    expect((await signin("bob", "secret123")).body.success).toBe(true);
  });

  it("counts by the account whatever the case of the name typed", async () => {
    for (let i = 0; i < limitRules.signinAccountIp.points; i++) await signin(i % 2 ? "ALICE" : "alice", "nope");
    expect((await signin("Alice", "secret123")).status).toBe(429);
  });

  it("counts the account found, not the name typed: guesses by username and by e-mail add up", async () => {
    await t.verifyEmail("alice@example.com");
    const half = limitRules.signinAccount.points / 2;
    for (let i = 0; i < half; i++) await signin("alice", "nope", `192.0.2.${i + 1}`);
    for (let i = 0; i < half; i++) await signin("alice@example.com", "nope", `198.51.100.${i + 1}`);
    expect((await signin("alice@example.com", "secret123", "203.0.113.200")).status).toBe(429);
    expect((await signin("alice", "secret123", "203.0.113.201")).status).toBe(429);
    // From one address, alternating the names gives no more tries than one name.
    await t.signup({ username: "bob", email: "bob@example.com", password: "secret123" });
    await t.verifyEmail("bob@example.com");
    for (let i = 0; i < limitRules.signinAccountIp.points; i++)
      await signin(i % 2 ? "bob@example.com" : "bob", "nope", "203.0.113.9");
    expect((await signin("bob", "secret123", "203.0.113.9")).status).toBe(429);
  });

  it("blocks an account tried from many addresses (a distributed guesser)", async () => {
    for (let i = 0; i < limitRules.signinAccount.points; i++) await signin("alice", "nope", `192.0.2.${i + 1}`);
    expect((await signin("alice", "secret123", "192.0.2.250")).status).toBe(429);
  });

  it("blocks one address that tries many accounts", async () => {
    for (let i = 0; i < limitRules.signinIp.points; i++) await signin(`ghost${i}`, "nope", "198.51.100.9");
    const res = await signin("alice", "secret123", "198.51.100.9");
    expect(res.status).toBe(429);
    expect((await signin("alice", "secret123", "198.51.100.10")).body.success).toBe(true);
  });

  it("clears an account's failures from an address after a successful sign-in", async () => {
    for (let i = 0; i < limitRules.signinAccountIp.points - 1; i++) await signin("alice", "nope");
    expect((await signin("alice", "secret123")).body.success).toBe(true);
    for (let i = 0; i < limitRules.signinAccountIp.points - 1; i++) await signin("alice", "nope");
    expect((await signin("alice", "secret123")).body.success).toBe(true);
  });

  it("keeps its counters where every process sees them: the database, or Redis in the cluster stack", async () => {
    await signin("alice", "nope");
    const rows = await t.db
      .selectFrom("rate_limits" as never)
      .selectAll()
      .execute();
    if (stack === "single") expect(rows.length).toBeGreaterThan(0);
    else expect(rows).toEqual([]);
  });
});

describe("captcha requests", () => {
  it("are limited per address with a 429 and Retry-After", async () => {
    const ask = (ip: string) => t.api.request("/api/captcha/request", {}, { clientIp: ip });
    for (let i = 0; i < limitRules.captchaIp.points; i++) expect((await ask("203.0.113.50")).status).toBe(200);
    const refused = await ask("203.0.113.50");
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("Retry-After"))).toBeGreaterThan(0);
    expect((await ask("203.0.113.51")).status).toBe(200);
  });
});
