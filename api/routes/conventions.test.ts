import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createApi } from "../app.ts";
import { createLogger } from "../lib/log.ts";
import { adminUrl, engine, freshDatabase, startApi, type TestApi } from "../test/harness.ts";

let t: TestApi;
beforeEach(async () => {
  t = await startApi();
});
afterEach(async () => t.close());

describe("API conventions", () => {
  it("answers an unknown path with a 404 envelope", async () => {
    const res = await t.call("GET", "/api/no/such/thing");
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ success: false, errorCode: 1006, message: "接口不存在", data: null });
  });

  it("turns an exception into a 500 envelope and a log line, without a stack trace", async () => {
    const database = await freshDatabase();
    const lines: string[] = [];
    const api = createApi({
      db: database.db,
      dialect: database.dialect,
      log: createLogger("info", (line) => lines.push(line)),
    });
    await database.drop();
    const res = await api.request("/api/art/nodes");
    expect(res.status).toBe(500);
    const body = await res.json();
    expect(body).toEqual({ success: false, errorCode: 5000, message: "服务器开小差了，请稍后再试", data: null });
    expect(JSON.stringify(body)).not.toMatch(/at |Error/);
    expect(lines.some((l) => JSON.parse(l).msg === "api error")).toBe(true);
  });

  it("accepts multipart bodies", async () => {
    const fd = new FormData();
    for (const [k, v] of Object.entries({
      nickname: "多部",
      username: "multi",
      email: "m@example.com",
      password: "secret123",
      rePassword: "secret123",
    }))
      fd.set(k, v);
    expect((await t.call("POST", "/api/login/signup", { body: fd })).body.success).toBe(true);
  });

  it("refuses a malformed JSON body with a Chinese message", async () => {
    const res = await t.api.request("/api/login/signin", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: "{oops",
    });
    expect(res.status).toBe(400);
    expect((await res.json()).message).toBe("请求格式不正确");
  });

  it("refuses a body over 1 MB", async () => {
    const res = await t.api.request("/api/login/signin", {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: "username=" + "a".repeat(1024 * 1024 + 10),
    });
    expect(res.status).toBe(400);
    expect((await res.json()).message).toBe("提交的内容过大");
  });
});

describe("database connections", () => {
  it.runIf(engine === "postgres")("survive the server closing an idle connection", async () => {
    const pg = (await import("pg")).default;
    const database = await freshDatabase();
    await database.db.selectFrom("users").select("id").execute();
    const dbName = (
      (await database.db
        .selectNoFrom((eb) => eb.fn<string>("current_database").as("name"))
        .executeTakeFirstOrThrow()) as { name: string }
    ).name;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(
      "select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()",
      [dbName],
    );
    await admin.end();
    await new Promise((r) => setTimeout(r, 100));
    // The process is still up and the next query gets a fresh connection.
    expect(await database.db.selectFrom("users").select("id").execute()).toEqual([]);
    await database.drop();
  });
});
