import { describe, expect, it } from "vitest";
import type { ApiOperation } from "../../../contract/site/openapi.ts";
import { curlOf, describeField, sampleOf } from "./example.ts";

const op = (over: Partial<ApiOperation>): ApiOperation => ({
  operationId: "x.y",
  tags: [],
  summary: "",
  description: "",
  "x-token-scope": "read",
  ...over,
});

describe("the reference's examples", () => {
  it("fill the path, the required query and the required body fields, with a token", () => {
    const like = op({
      "x-token-scope": "social",
      parameters: [{ name: "id", in: "path", required: true, schema: { type: "integer", exclusiveMinimum: 0 } }],
    });
    expect(curlOf("post", "/art/like/{id}", like, "https://yishe.test/api")).toBe(
      "curl -X POST 'https://yishe.test/api/art/like/1' \\\n  -H 'Authorization: Bearer yst_你的令牌'",
    );
    const comment = op({
      requestBody: {
        content: {
          "application/x-www-form-urlencoded": {
            schema: {
              properties: { workId: { type: "integer" }, content: { type: "string" }, replyTo: { type: "integer" } },
              required: ["workId", "content"],
            },
          },
        },
      },
    });
    const curl = curlOf("post", "/comment/create", comment, "/api");
    expect(curl).toContain("--data-urlencode 'workId=1'");
    expect(curl).toContain("--data-urlencode 'content=文字'");
    expect(curl).not.toContain("replyTo");
  });

  it("say a session is needed where no token may call", () => {
    expect(curlOf("get", "/user/tokens", op({ "x-token-scope": null }), "/api")).toContain("X-User-Token");
  });

  it("quote a value a shell would otherwise read", () => {
    const q = op({
      parameters: [{ name: "q", in: "query", required: true, schema: { type: "string", default: "it's" } }],
    });
    expect(curlOf("get", "/feed/search", q, "/api")).toBe(
      "curl '/api/feed/search?q=it%27s' \\\n  -H 'Authorization: Bearer yst_你的令牌'",
    );
  });

  it("describe a field by its type, choices and limits", () => {
    expect(describeField({ type: "string", maxLength: 40 })).toBe("文字，最多 40 字");
    expect(describeField({ type: "string", enum: ["day", "week"], default: "day" })).toBe("可选：day、week，默认 day");
    expect(describeField({ type: "integer", exclusiveMinimum: 0, maximum: 9007199254740991 })).toBe("整数，≥ 1");
    expect(describeField({ type: "integer", minimum: 1, maximum: 60 })).toBe("整数，1–60");
    expect(describeField({ type: "string", contentMediaType: "application/octet-stream" })).toBe("文件");
    expect(sampleOf({ type: "boolean" })).toBe("true");
  });
});
