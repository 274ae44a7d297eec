import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { aliyunSms, consoleSms, tencentSms } from "./sms.ts";

/**
 * The providers' own SDKs against a local server that answers as Aliyun's and Tencent Cloud's SMS APIs do: what
 * reaches the wire (action, number, sign, template, parameters, a signature) and how a refusal is read.
 */
type Seen = { method: string; url: string; headers: http.IncomingHttpHeaders; body: string };
let seen: Seen[] = [];
let answer: { status: number; body: unknown } = { status: 200, body: {} };
let server: http.Server;
let endpoint = "";

beforeAll(async () => {
  server = http.createServer((req, res) => {
    let body = "";
    req.on("data", (c) => (body += c));
    req.on("end", () => {
      seen.push({ method: req.method ?? "", url: req.url ?? "", headers: req.headers, body });
      res.writeHead(answer.status, { "Content-Type": "application/json" });
      res.end(JSON.stringify(answer.body));
    });
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));
beforeEach(() => {
  seen = [];
});

const keys = { accessKeyId: "LTAI-test", accessKeySecret: "secret", signName: "艺社", templateId: "SMS_123456" };

describe("Aliyun SendSms", () => {
  it("sends the number, sign, template and code, signed ACS3-HMAC-SHA256 with the access key", async () => {
    answer = { status: 200, body: { Code: "OK", Message: "OK", BizId: "1", RequestId: "r" } };
    await aliyunSms({ ...keys, endpoint }).send("13800138000", "123456", 5);
    expect(seen).toHaveLength(1);
    const params = Object.fromEntries(new URLSearchParams(seen[0].url.split("?")[1] ?? ""));
    expect(seen[0].headers["x-acs-action"]).toBe("SendSms");
    expect(seen[0].headers["x-acs-version"]).toBe("2017-05-25");
    expect(String(seen[0].headers.authorization)).toMatch(/^ACS3-HMAC-SHA256 Credential=LTAI-test,/);
    expect(params).toEqual({
      PhoneNumbers: "13800138000",
      SignName: "艺社",
      TemplateCode: "SMS_123456",
      TemplateParam: JSON.stringify({ code: "123456" }),
    });
  });

  it("throws when Aliyun refuses", async () => {
    answer = { status: 200, body: { Code: "isv.BUSINESS_LIMIT_CONTROL", Message: "触发流控", RequestId: "r" } };
    await expect(aliyunSms({ ...keys, endpoint }).send("13800138000", "123456", 5)).rejects.toThrow(
      "isv.BUSINESS_LIMIT_CONTROL",
    );
  });
});

describe("Tencent Cloud SendSms", () => {
  it("sends +86 and the number, app, sign, template and parameters, signed TC3-HMAC-SHA256", async () => {
    answer = {
      status: 200,
      body: { Response: { SendStatusSet: [{ Code: "Ok", Message: "send success" }], RequestId: "r" } },
    };
    await tencentSms({ ...keys, appId: "1400000000", endpoint }).send("13800138000", "654321", 5);
    expect(seen).toHaveLength(1);
    expect(seen[0].headers["x-tc-action"]).toBe("SendSms");
    expect(seen[0].headers["x-tc-version"]).toBe("2021-01-11");
    expect(String(seen[0].headers.authorization)).toMatch(/^TC3-HMAC-SHA256 Credential=LTAI-test\//);
    expect(JSON.parse(seen[0].body)).toEqual({
      PhoneNumberSet: ["+8613800138000"],
      SmsSdkAppId: "1400000000",
      SignName: "艺社",
      TemplateId: "SMS_123456",
      TemplateParamSet: ["654321", "5"],
    });
  });

  it("throws when Tencent refuses the number", async () => {
    answer = {
      status: 200,
      body: {
        Response: {
          SendStatusSet: [{ Code: "LimitExceeded.PhoneNumberDailyLimit", Message: "limit" }],
          RequestId: "r",
        },
      },
    };
    await expect(tencentSms({ ...keys, appId: "1", endpoint }).send("13800138000", "1", 5)).rejects.toThrow(
      "PhoneNumberDailyLimit",
    );
  });
});

describe("the console provider", () => {
  it("prints the number and the code", async () => {
    const lines: string[] = [];
    await consoleSms((l) => lines.push(l)).send("13800138000", "042137", 5);
    expect(lines).toEqual(["[短信] 13800138000 验证码 042137，5分钟内有效\n"]);
  });
});
