import { z } from "zod";

/**
 * The building blocks of every request schema, with Chinese messages that name the field. Each records its limits
 * as metadata, so a form can take `maxLength` and `required` from the very schema the API checks (fieldRules).
 */

/** Line and page breaks other programs paste (Word's \v, a PDF's \f, U+2028/2029) are read as line feeds. */
const asLines = (v: string) => v.replace(/[\v\f\u2028\u2029]/g, "\n");
const asTrimmed = (v: unknown) =>
  typeof v === "string" ? asLines(v).trim() : Array.isArray(v) ? asLines(String(v[0] ?? "")).trim() : "";

/** A required string field, trimmed, with Chinese messages naming the field. */
export function text(label: string, opts: { min?: number; max: number }) {
  const min = opts.min ?? 1;
  return z
    .preprocess(
      asTrimmed,
      z
        .string()
        .min(min, min <= 1 ? `请输入${label}` : `${label}至少需要${min}个字符`)
        .max(opts.max, `${label}不能超过${opts.max}个字符`)
        .refine((v) => !CONTROL.test(v), `${label}包含无法显示的控制字符`),
    )
    .meta({ maxLength: opts.max, required: true });
}

/**
 * Control characters no text of the site carries (a title with \x0b broke the share poster and og:image): C0 but tab,
 * line feed and carriage return (and the breaks read as line feeds above), DEL, and C1.
 */
const CONTROL = /[\x00-\x08\x0e-\x1f\x7f-\x9f]/;
/** One line: a title or a name, with no line breaks either. */
const BREAKS = /[\t\n\r]/;

/** An optional string field: missing or blank becomes "". `line`: a title, one line. */
export function optionalText(label: string, max: number, opts: { line?: boolean } = {}) {
  return z
    .preprocess(
      asTrimmed,
      z
        .string()
        .max(max, `${label}不能超过${max}个字符`)
        .refine((v) => !CONTROL.test(v), `${label}包含无法显示的控制字符`)
        .refine((v) => !opts.line || !BREAKS.test(v), `${label}不能换行`),
    )
    .meta({ maxLength: max, required: false });
}

/** A secret (not trimmed: spaces in passwords are the user's choice). */
export function secret(label: string, opts: { min: number; max: number }) {
  return z
    .preprocess(
      (v) => (typeof v === "string" ? v : ""),
      z
        .string()
        .min(1, `请输入${label}`)
        .min(opts.min, `${label}至少需要${opts.min}个字符`)
        .max(opts.max, `${label}不能超过${opts.max}个字符`),
    )
    .meta({ maxLength: opts.max, required: true });
}

/** A positive integer id given as a string or number. */
/** A checkbox as a form posts it ("on") or as JSON sends it (true, 1). */
export const checkbox = z.preprocess(
  (v) => v === "on" || v === "1" || v === "true" || v === true || v === 1,
  z.boolean(),
);

export function id(label: string) {
  return z.preprocess(
    (v) => (typeof v === "string" && /^\d{1,15}$/.test(v.trim()) ? Number(v) : v),
    z
      .number({ error: `${label}无效` })
      .int(`${label}无效`)
      .positive(`${label}无效`),
  );
}

export function optionalId(label: string) {
  return z.preprocess((v) => (v === undefined || v === "" || v === null ? undefined : v), id(label).optional());
}

/** A page of a numbered listing, from 1. */
export const pageNumber = z.coerce
  .number({ error: "页码无效" })
  .int("页码无效")
  .min(1, "页码无效")
  .max(100_000, "页码无效")
  .default(1);

/** Where a list goes on from (the `next` of its last page). */
export const cursor = z.string().max(200).optional();

/** The query of a list read by cursor. */
export const cursorQuery = z.object({ cursor });

export type FieldRules = { maxLength?: number; required?: boolean };

/**
 * The rules of several fields at once, for a loader to hand its form: zod stays on the server, and the browser
 * gets a few numbers.
 */
export function formRules<N extends string>(
  schema: { shape: Record<string, z.ZodType> },
  names: readonly N[],
): Record<N, FieldRules> {
  return Object.fromEntries(names.map((n) => [n, fieldRules(schema, n)])) as Record<N, FieldRules>;
}

/** What a form field takes from its schema: the length limit and whether it must be filled. */
export function fieldRules(
  schema: { shape: Record<string, z.ZodType> },
  name: string,
): { maxLength?: number; required?: boolean } {
  let field: z.ZodType | undefined = schema.shape[name];
  // A field refined with .pipe(...) keeps its limits on the piped-from schema.
  while (field && !field.meta() && (field.def as { in?: z.ZodType }).in) field = (field.def as { in?: z.ZodType }).in;
  const meta = (field?.meta() ?? {}) as { maxLength?: number; required?: boolean };
  return { maxLength: meta.maxLength, required: meta.required };
}

/** An address a link may lead to: http or https, as the URL parser reads it. */
export const isHttpUrl = (v: string) => {
  try {
    const u = new URL(v);
    return u.protocol === "http:" || u.protocol === "https:";
  } catch {
    return false;
  }
};
