import type { ApiOperation, FieldSchema } from "../../../contract/site/openapi.ts";

/** A value a field takes, for an example: its default, its first choice, or one of its type. */
export function sampleOf(schema: FieldSchema): string {
  if (schema.default !== undefined && schema.default !== "") return String(schema.default);
  if (schema.enum?.length) return String(schema.enum[0]);
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  if (type === "integer" || type === "number") return String(Math.max(1, schema.minimum ?? 1));
  if (type === "boolean") return "true";
  return "文字";
}

/** What a field takes, in a few words: its type, its choices, its limits. */
export function describeField(schema: FieldSchema): string {
  const parts: string[] = [];
  const type = Array.isArray(schema.type) ? schema.type.join(" | ") : schema.type;
  if (schema.contentMediaType) parts.push("文件");
  else if (schema.enum) parts.push(`可选：${schema.enum.join("、")}`);
  else if (type === "array") parts.push(`列表（${describeField(schema.items ?? {})}）`);
  else if (type) parts.push({ integer: "整数", number: "数字", string: "文字", boolean: "是/否" }[type] ?? type);
  if (schema.maxLength !== undefined) parts.push(`最多 ${schema.maxLength} 字`);
  if (schema.maxItems !== undefined) parts.push(`最多 ${schema.maxItems} 项`);
  const low = schema.minimum ?? (schema.exclusiveMinimum !== undefined ? schema.exclusiveMinimum + 1 : undefined);
  if (low !== undefined && schema.maximum !== undefined && schema.maximum < 1e15)
    parts.push(`${low}–${schema.maximum}`);
  else if (low !== undefined) parts.push(`≥ ${low}`);
  if (schema.default !== undefined && schema.default !== "") parts.push(`默认 ${String(schema.default)}`);
  return parts.join("，");
}

/** A shell will take any text between single quotes but a single quote. */
const quoted = (text: string) => `'${text.replaceAll("'", `'\\''`)}'`;

/** The call as curl with a personal access token: the path filled in, the required query and body fields given. */
export function curlOf(method: "get" | "post", path: string, op: ApiOperation, server: string): string {
  let url = server + path;
  const query = new URLSearchParams();
  for (const p of op.parameters ?? []) {
    if (p.in === "path") url = url.replace(`{${p.name}}`, encodeURIComponent(sampleOf(p.schema)));
    else if (p.required) query.set(p.name, sampleOf(p.schema));
  }
  if (query.size) url += `?${query}`;
  const lines = [`curl${method === "post" ? " -X POST" : ""} ${quoted(url)}`];
  if (op["x-token-scope"] !== null) lines.push(`-H 'Authorization: Bearer yst_你的令牌'`);
  else lines.push(`-H 'X-User-Token: 网页登录会话的令牌'`);
  const content = op.requestBody?.content ?? {};
  const multipart = content["multipart/form-data"]?.schema;
  const form = content["application/x-www-form-urlencoded"]?.schema;
  if (multipart) for (const name of multipart.required ?? []) lines.push(`-F ${quoted(`${name}=@作品.png`)}`);
  else if (form)
    for (const name of form.required ?? [])
      lines.push(`--data-urlencode ${quoted(`${name}=${sampleOf(form.properties![name]!)}`)}`);
  return lines.join(" \\\n  ");
}
