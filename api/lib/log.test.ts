import { describe, expect, it } from "vitest";
import { describeError } from "../../contract/shared/log.ts";
import { createLogger, REDACTED } from "./log.ts";
import { withRequest } from "./request-facts.ts";

describe("error log lines", () => {
  it("carry the message, code and stack of whatever was thrown, never [object Object]", () => {
    const refused = Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:5432"), { code: "ECONNREFUSED" });
    const described = describeError(refused);
    expect(described).toMatchObject({ message: "connect ECONNREFUSED 127.0.0.1:5432", code: "ECONNREFUSED" });
    expect(described.stack).toContain("log.test.ts");
    // A thrown object that is no Error (some SDKs throw these) keeps what it says.
    expect(describeError({ code: 40001, detail: "quota" })).toEqual({
      message: '{"code":40001,"detail":"quota"}',
      code: 40001,
    });
    expect(describeError("timeout")).toEqual({ message: "timeout" });
    const lines: string[] = [];
    const log = createLogger("info", (l) => lines.push(l));
    log.error("mail not sent", { error: refused, to: "a@example.com" });
    log.error("odd", { error: describeError({ toString: undefined }) });
    expect(lines.join("\n")).not.toContain("[object Object]");
    const line = JSON.parse(lines[0]);
    expect(line.error).toMatchObject({ message: "connect ECONNREFUSED 127.0.0.1:5432", code: "ECONNREFUSED" });
    expect(line.error.stack).toMatch(/^Error: connect ECONNREFUSED/);
    expect(line.to).toBe("a@example.com");
  });
});

describe("the process's log", () => {
  const keep = () => {
    const lines: Record<string, unknown>[] = [];
    return { lines, log: createLogger("debug", (l) => lines.push(JSON.parse(l) as Record<string, unknown>)) };
  };

  it("never writes a secret, at any depth it is likely to be nested", () => {
    const { lines, log } = keep();
    log.info("signin", {
      username: "ann",
      password: "hunter2-secret",
      token: "tok-abcdef-123456",
      headers: { cookie: "token=tok-abcdef-123456", authorization: "Bearer sk-live-zzz", "x-user-token": "tok-2" },
      ai: { apiKey: "sk-proj-secret-key" },
      form: { newPassword: "new-pass-999", smsCode: "482913" },
      nested: { deeper: { secretAccessKey: "AKIA-secret" } },
    });
    const text = JSON.stringify(lines);
    for (const secret of ["hunter2", "tok-abcdef", "sk-live", "tok-2", "sk-proj", "new-pass", "482913", "AKIA"])
      expect(text).not.toContain(secret);
    expect(lines[0]).toMatchObject({ username: "ann", password: REDACTED, ai: { apiKey: REDACTED } });
  });

  it("keeps the password of an address out of messages, fields and errors", () => {
    const { lines, log } = keep();
    const url = "postgres://yishe:pg-pass-77@db.internal:5432/yishe";
    log.error(`cannot reach ${url}`, { url, error: new Error(`connect to ${url} refused`) });
    const text = JSON.stringify(lines);
    expect(text).not.toContain("pg-pass-77");
    expect(text).toContain("postgres://yishe:[已隐去]@db.internal:5432/yishe");
  });

  it("stamps every line written for a request with its id, and none outside one", () => {
    const { lines, log } = keep();
    withRequest({ id: "req-0001-test", method: "GET", ip: "" }, () => log.warn("inside"));
    log.info("outside");
    expect(lines[0]).toMatchObject({ msg: "inside", reqId: "req-0001-test", level: "warn", pid: process.pid });
    expect(lines[1].reqId).toBeUndefined();
  });

  it("is silent below its level", () => {
    const lines: string[] = [];
    const log = createLogger("warn", (l) => lines.push(l));
    log.info("not written");
    log.debug("nor this");
    log.error("written");
    expect(lines).toHaveLength(1);
  });
});
