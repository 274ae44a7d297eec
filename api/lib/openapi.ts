import { z } from "zod";
import * as declared from "../../contract/endpoints.ts";
import { tokenScopes } from "../../contract/account/tokens.ts";
import { ErrorCode, errorDefaults, type ErrorCodeName } from "../../contract/shared/errors.ts";
import type { Endpoint } from "../../contract/shared/endpoint.ts";
import { tokenLimits } from "../../contract/account/tokens.ts";
import { tokenScopeOf } from "./token-scopes.ts";

type Json = Record<string, unknown>;

/** The API's own version: it changes when a declaration changes in a way a client would notice. */
export const API_VERSION = "1.0.0";
type Zod = z.ZodType & { _zod: { def: { type: string; in?: z.ZodType; out?: z.ZodType } } };

/** Each domain of contract/endpoints.ts as the reference groups it. */
export const domainNames: Record<keyof typeof declared, string> = {
  works: "作品",
  comments: "评论",
  people: "用户与关注",
  signin: "登录与注册",
  account: "账号设置",
  inbox: "通知与私信",
  scores: "签到与积分",
  site: "站点",
  search: "搜索",
  uploads: "上传",
  admin: "管理后台",
  ai: "AI 助手",
  drafts: "草稿",
  series: "合集",
  folders: "收藏夹",
  charts: "排行榜",
  feeds: "订阅源",
  webhooks: "Webhook",
  curation: "编辑精选与标签关注",
  events: "活动",
  commissions: "约稿",
  tips: "打赏",
  push: "推送通知",
};

const options = {
  io: "input",
  unrepresentable: "any",
  // What the wire carries: a field cleaned before it is checked (an id given as text) is described as what it is
  // checked as; our form-rule notes (required: boolean) are not JSON Schema; and a field is required exactly when
  // leaving it out is refused.
  override: ({ zodSchema, jsonSchema }: { zodSchema: z.core.$ZodTypes; jsonSchema: Json }) => {
    const def = (zodSchema as unknown as Zod)._zod.def;
    if (def.type === "pipe" && (def.in as Zod)._zod.def.type === "transform")
      Object.assign(jsonSchema, schemaOf(def.out!));
    if (typeof jsonSchema.required === "boolean") delete jsonSchema.required;
    if (def.type === "object") {
      const shape = (zodSchema as unknown as z.ZodObject).shape;
      const required = Object.keys(shape).filter((k) => !shape[k]!.safeParse(undefined).success);
      if (required.length) jsonSchema.required = required;
      else delete jsonSchema.required;
    }
  },
} as const;

function schemaOf(schema: z.ZodType): Json {
  const { $schema: _, ...rest } = z.toJSONSchema(schema, options as never) as Json;
  return rest;
}

/** `/art/:id` as OpenAPI writes it, `/art/{id}` (a limit `{a|b}` goes into the parameter's schema). */
export const openApiPath = (path: string) => path.replace(/:(\w+)(\{[^}]*\})?/g, "{$1}");

function parameters(e: Endpoint): Json[] {
  const out: Json[] = [];
  for (const [where, schema] of [
    ["path", e.params],
    ["query", e.query],
  ] as const) {
    if (!schema) continue;
    const object = schemaOf(schema) as { properties?: Record<string, Json>; required?: string[] };
    for (const [name, field] of Object.entries(object.properties ?? {}))
      out.push({
        name,
        in: where,
        required: where === "path" || (object.required ?? []).includes(name),
        schema: field,
      });
  }
  return out;
}

function requestBody(e: Endpoint): Json | undefined {
  if (e.upload) {
    const fields = e.body ? (schemaOf(e.body) as { properties?: Json }).properties : {};
    const schema = {
      type: "object",
      properties: { [e.upload]: { type: "string", contentMediaType: "application/octet-stream" }, ...fields },
      required: [e.upload],
    };
    return { required: true, content: { "multipart/form-data": { schema } } };
  }
  if (!e.body) return undefined;
  // A field the declaration does not name is refused (api/serve/input.ts), and the document says so.
  const schema = { ...schemaOf(e.body), additionalProperties: false };
  return {
    required: true,
    content: { "application/json": { schema }, "application/x-www-form-urlencoded": { schema } },
  };
}

/** Who may call it: a signed-in session always may try; a personal access token only within its scope. */
function access(e: Endpoint): { security: Json[]; note: string } {
  const scope = tokenScopeOf(e);
  const session = { session: [] };
  if (scope === null) return { security: [{}, session], note: "仅限网页登录会话，访问令牌不能调用。" };
  const label = scope === "any" ? "任意权限" : tokenScopes.find((s) => s.key === scope)!.label;
  return { security: [{}, session, { token: [] }], note: `访问令牌需要“${label}”权限（x-token-scope）。` };
}

const envelope = (data: Json): Json => ({
  type: "object",
  required: ["success", "errorCode", "message", "data"],
  properties: {
    success: { type: "boolean" },
    errorCode: { type: "integer", description: "0 为成功；其他见 x-error-codes" },
    message: { type: "string" },
    data,
  },
});

const refusal: Json = {
  description: "失败：success 为 false，errorCode 与中文 message 说明原因；字段错误在 data.fieldErrors",
  content: { "application/json": { schema: { $ref: "#/components/schemas/Refusal" } } },
};

function operation(domain: string, name: string, e: Endpoint): Json {
  const { security, note } = access(e);
  const answer: Json = e.raw
    ? { description: "成功：不是信封，而是文件或事件流" }
    : {
        description: "成功",
        content: { "application/json": { schema: envelope({ description: `${domain}.${name} 的结果` }) } },
      };
  const body = requestBody(e);
  return {
    operationId: `${domain}.${name}`,
    tags: [domainNames[domain as keyof typeof declared]],
    summary: e.summary,
    description: note + (e.reads && e.method === "POST" ? "只读：不改变已保存的内容。" : ""),
    "x-token-scope": tokenScopeOf(e),
    security,
    ...(parameters(e).length && { parameters: parameters(e) }),
    ...(body && { requestBody: body }),
    responses: { "200": answer, "4XX": refusal, "5XX": refusal },
  };
}

/** The API described in OpenAPI 3.1, from the declarations alone (contract/<domain>/endpoints.ts). */
export function openApiDocument(o: { serverUrl: string; title: string }): Json {
  const paths: Record<string, Record<string, Json>> = {};
  for (const [domain, endpoints] of Object.entries(declared))
    for (const [name, e] of Object.entries(endpoints as Record<string, Endpoint>))
      (paths[openApiPath(e.path)] ??= {})[e.method.toLowerCase()] = operation(domain, name, e);
  const codes = (Object.keys(ErrorCode) as ErrorCodeName[]).map((k) => ({
    code: ErrorCode[k],
    name: k,
    status: errorDefaults[k].status,
    message: errorDefaults[k].message,
  }));
  return {
    openapi: "3.1.0",
    info: {
      title: `${o.title} API`,
      version: API_VERSION,
      description:
        "每个回答都是同一个信封：{ success, errorCode, message, data }，只有 HTTP 200 且 success 为 true 才算成功。" +
        `用访问令牌调用时带上 Authorization: Bearer <令牌>；每个令牌每分钟最多 ${tokenLimits.callsPerMinute} 次。`,
    },
    servers: [{ url: o.serverUrl }],
    tags: Object.values(domainNames).map((name) => ({ name })),
    paths,
    components: {
      securitySchemes: {
        token: { type: "http", scheme: "bearer", description: "个人访问令牌（账号设置 → 访问令牌），以 yst_ 开头" },
        session: { type: "apiKey", in: "header", name: "X-User-Token", description: "网页登录会话的令牌" },
      },
      schemas: {
        Refusal: envelope({
          type: ["object", "null"],
          properties: { fieldErrors: { type: "object", additionalProperties: { type: "string" } } },
        }),
      },
    },
    "x-error-codes": codes,
  };
}
