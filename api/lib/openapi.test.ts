import { describe, expect, it } from "vitest";
import { Validator } from "@seriousme/openapi-schema-validator";
import * as declared from "../../contract/endpoints.ts";
import type { Endpoint } from "../../contract/shared/endpoint.ts";
import { ErrorCode } from "../../contract/shared/errors.ts";
import { openApiDocument, openApiPath } from "./openapi.ts";
import { startApi } from "../test/harness.ts";

type Operation = {
  operationId: string;
  summary: string;
  parameters?: { name: string; in: string; required: boolean; schema: Record<string, unknown> }[];
  requestBody?: { content: Record<string, { schema: { properties: Record<string, unknown>; required?: string[] } }> };
  security: Record<string, string[]>[];
  "x-token-scope": string | null;
};
type Doc = { paths: Record<string, Record<string, Operation>>; "x-error-codes": { code: number }[] };

const all = Object.entries(declared).flatMap(([domain, group]) =>
  Object.entries(group as Record<string, Endpoint>).map(([name, e]) => ({ id: `${domain}.${name}`, e })),
);
const doc = openApiDocument({ serverUrl: "https://yishe.test/api", title: "艺社" }) as unknown as Doc;
const op = (e: Endpoint) => doc.paths[openApiPath(e.path)]![e.method.toLowerCase()]!;

describe("the OpenAPI document", () => {
  it("is valid OpenAPI 3.1, as an independent validator reads it", async () => {
    const result = await new Validator().validate(doc as never);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
  });

  it("holds every declared endpoint once, under its method and path, with its summary", () => {
    const operations = Object.values(doc.paths).flatMap((p) => Object.values(p));
    expect(operations.map((o) => o.operationId).sort()).toEqual(all.map((a) => a.id).sort());
    for (const { id, e } of all) expect(op(e)).toMatchObject({ operationId: id, summary: e.summary });
  });

  it("describes the inputs: path and query parameters, a body as form or JSON, a file as multipart", () => {
    const like = op(declared.works.like);
    expect(like.parameters).toEqual([
      { name: "id", in: "path", required: true, schema: expect.objectContaining({ type: "integer" }) },
    ]);
    const list = op(declared.works.list).parameters!;
    expect(list.find((p) => p.name === "order")).toMatchObject({ in: "query", required: false });
    const comment = op(declared.comments.create).requestBody!.content;
    expect(Object.keys(comment)).toEqual(["application/json", "application/x-www-form-urlencoded"]);
    // Required exactly when leaving the field out is refused: the reply-to is optional.
    expect(comment["application/json"]!.schema.required).toEqual(["workId", "content"]);
    const upload = op(declared.uploads.image).requestBody!.content["multipart/form-data"]!.schema;
    expect(upload.required).toEqual(["image"]);
  });

  it("says which calls a personal access token may make, and that none reach the admin area", () => {
    expect(op(declared.works.create)["x-token-scope"]).toBe("works");
    expect(op(declared.works.create).security).toContainEqual({ token: [] });
    for (const e of Object.values(declared.admin)) {
      expect(op(e)["x-token-scope"], e.path).toBeNull();
      expect(op(e).security, e.path).not.toContainEqual({ token: [] });
    }
  });

  it("writes every schema's required fields as a list (JSON Schema 2020-12), never our form notes", () => {
    const walk = (v: unknown, at: string, inSchema = false): void => {
      if (!v || typeof v !== "object") return;
      const o = v as Record<string, unknown>;
      if (inSchema && "required" in o && !Array.isArray(o.required))
        throw new Error(`required: ${o.required} at ${at}`);
      for (const [k, inner] of Object.entries(o)) walk(inner, `${at}/${k}`, inSchema || k === "schema");
    };
    expect(() => walk(doc.paths, "")).not.toThrow();
  });

  it("lists every error code", () => {
    expect(doc["x-error-codes"].map((c) => c.code).sort()).toEqual(Object.values(ErrorCode).sort());
  });

  it("is served at /api/openapi.json, naming the address it was asked at", async () => {
    const t = await startApi();
    try {
      const res = await t.api.request("/api/openapi.json");
      expect(res.headers.get("content-type")).toContain("application/json");
      const served = (await res.json()) as { openapi: string; servers: { url: string }[]; info: { title: string } };
      expect(served.openapi).toBe("3.1.0");
      expect(served.servers[0]!.url).toBe("http://yishe.test/api");
      expect(served.info.title).toMatch(/API$/);
    } finally {
      await t.close();
    }
  });
});
