import { z } from "zod";

// The kinds of value a setting takes, each refusing a bad one with a message naming the variable.

/** Switches take one set of spellings everywhere. */
const SWITCH = { on: true, "1": true, off: false, "0": false } as const;
export const switchOf = (name: string, fallback: boolean) =>
  z
    .string()
    .optional()
    .transform((v, ctx) => {
      if (v === undefined || v === "") return fallback;
      const value = SWITCH[v.trim().toLowerCase() as keyof typeof SWITCH];
      if (value === undefined) {
        ctx.addIssue({
          code: "custom",
          message: `${name}=${JSON.stringify(v)} 无效：开关只接受 on 或 off（也可写 1 或 0）`,
        });
        return z.NEVER;
      }
      return value;
    });

export const integer = (name: string, min: number, max: number, fallback: number) =>
  z
    .string()
    .optional()
    .transform((v, ctx) => {
      if (v === undefined || v === "") return fallback;
      if (!/^\d+$/.test(v.trim()) || Number(v) < min || Number(v) > max) {
        ctx.addIssue({
          code: "custom",
          message: `${name}=${JSON.stringify(v)} 无效：应为 ${min} 到 ${max} 之间的整数`,
        });
        return z.NEVER;
      }
      return Number(v);
    });

export const url = (name: string, schemes: string[]) =>
  z
    .string()
    .optional()
    .transform((v, ctx) => {
      if (!v) return null;
      let parsed: URL | null = null;
      try {
        parsed = new URL(v);
      } catch {
        parsed = null;
      }
      if (!parsed || !schemes.includes(parsed.protocol)) {
        ctx.addIssue({
          code: "custom",
          message: `${name}=${JSON.stringify(v)} 无效：应以 ${schemes.map((s) => `${s}//`).join(" 或 ")} 开头`,
        });
        return z.NEVER;
      }
      return v.replace(/\/+$/, "");
    });

/** <P>_CLIENT_ID, <P>_CLIENT_SECRET and OAUTH_SERVER_<P> (another origin for the provider's hosts) for each name. */
export function clientFields<P extends string>(names: readonly P[]) {
  type Var = `${Uppercase<P>}_CLIENT_${"ID" | "SECRET"}` | `OAUTH_SERVER_${Uppercase<P>}`;
  const fields = names.flatMap((p) => {
    const n = p.toUpperCase();
    const server = `OAUTH_SERVER_${n}`;
    return [
      [`${n}_CLIENT_ID`, z.string().optional()],
      [`${n}_CLIENT_SECRET`, z.string().optional()],
      [server, url(server, ["http:", "https:"])],
    ];
  });
  return Object.fromEntries(fields) as Record<Var, z.ZodOptional<z.ZodString> | ReturnType<typeof url>>;
}
