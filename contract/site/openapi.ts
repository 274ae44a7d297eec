/**
 * The parts of the OpenAPI document (GET /api/openapi.json, written by api/lib/openapi.ts) the reference at
 * /developers reads. JSON Schema is kept as it comes: a field's type, limits, choices and default.
 */
export type FieldSchema = {
  type?: string | string[];
  enum?: (string | number)[];
  default?: unknown;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  minLength?: number;
  maxLength?: number;
  maxItems?: number;
  items?: FieldSchema;
  contentMediaType?: string;
  properties?: Record<string, FieldSchema>;
  required?: string[];
};

export type ApiParameter = { name: string; in: "path" | "query"; required: boolean; schema: FieldSchema };

export type ApiOperation = {
  operationId: string;
  tags: string[];
  summary: string;
  description: string;
  /** The scope a personal access token needs; "any" for every token; null when only a signed-in session may call. */
  "x-token-scope": string | null;
  parameters?: ApiParameter[];
  requestBody?: { content: Record<string, { schema: FieldSchema }> };
};

export type ApiErrorCode = { code: number; name: string; status: number; message: string };

export type ApiDocument = {
  openapi: string;
  info: { title: string; version: string; description: string };
  servers: { url: string }[];
  tags: { name: string }[];
  paths: Record<string, Partial<Record<"get" | "post", ApiOperation>>>;
  "x-error-codes": ApiErrorCode[];
};
