import { z } from "zod";
import { licenseKeys } from "../works/rights.ts";
import { checkbox, id, optionalText, secret, text } from "../shared/fields.ts";
import { commissionStates, linkFits, linkSites, portfolioLimits } from "../people/portfolio.ts";
import { tasteLimits, userLimits } from "../shared/limits.ts";
import { tokenLifetimes, tokenLimits, tokenScopeKeys, type TokenScope } from "./tokens.ts";
import { nickname, signupSchema } from "../signin/schemas.ts";

/** 编辑资料, 账号与安全 and 我的口味: what a member changes about themselves. */

/** 编辑资料: what others see of a person. */
export const profileSchema = z.object({
  nickname,
  description: optionalText("个人简介", userLimits.description),
  favoritesPublic: checkbox,
});

/** Where an avatar is cut from its picture, as fractions (see api/lib/media.ts squareAvatar); all or none. */
const fraction = z.coerce.number({ error: "裁剪范围无效" }).min(0, "裁剪范围无效").max(1, "裁剪范围无效");

export const avatarCropSchema = z
  .object({
    cropX: fraction.optional(),
    cropY: fraction.optional(),
    cropSize: fraction.gt(0, "裁剪范围无效").optional(),
  })
  .refine(
    (c) =>
      [c.cropX, c.cropY, c.cropSize].every((v) => v === undefined) ||
      [c.cropX, c.cropY, c.cropSize].every((v) => v !== undefined),
    "裁剪范围无效",
  );

export const usernameSchema = z.object({ username: signupSchema.shape.username });

export const emailSchema = z.object({ email: signupSchema.shape.email });

export const passwordSchema = z.object({
  // Empty for an account that has no password yet (it came in by phone or a third party).
  oldPassword: z
    .preprocess((v) => (typeof v === "string" ? v : ""), z.string().max(userLimits.password, "原密码不正确"))
    .meta({ maxLength: userLimits.password, required: false }),
  password: secret("新密码", { min: userLimits.passwordMin, max: userLimits.password }),
  rePassword: secret("确认密码", { min: 1, max: userLimits.password }),
});

/** A list of ids as a form sends it (repeated fields, or "1,2,3") or as JSON sends it (an array). */
const idList = (label: string) =>
  z.preprocess(
    (v) => (v === undefined || v === "" ? [] : Array.isArray(v) ? v : String(v).split(",")),
    z.array(id(label)).max(tasteLimits.entries, `${label}最多选${tasteLimits.entries}个`),
  );

/** 我的口味: the whole taste at once. */
export const tasteSchema = z.object({
  lovedNodes: idList("喜欢的节点"),
  mutedNodes: idList("屏蔽的节点"),
  lovedTags: idList("喜欢的标签"),
  mutedTags: idList("屏蔽的标签"),
  hideAi: checkbox,
});

/** 作品默认设置: the licence a new work starts with, and whether AI may use it ("1": not). */
export const rightsDefaultsSchema = z.object({
  license: z.enum(licenseKeys, { error: "许可协议无效" }),
  noai: z.enum(["0", "1"], { error: "请选择是否允许 AI 使用" }).transform((v) => v === "1"),
});

/** 作品集: city, occupation, commissions and links elsewhere (contract/people/portfolio.ts). */
export const portfolioSchema = z
  .object({
    city: optionalText("城市", portfolioLimits.city),
    occupation: optionalText("职业", portfolioLimits.occupation),
    commission: z.preprocess(
      (v) => (v === undefined || v === null ? "" : v),
      z.enum(["", ...commissionStates.map((c) => c.key)], { error: "接稿状态无效" }),
    ),
    commissionNote: optionalText("接稿说明", portfolioLimits.note),
    ...(Object.fromEntries(
      linkSites.map((s) => [s.key, optionalText(`${s.label}链接`, portfolioLimits.link)]),
    ) as Record<(typeof linkSites)[number]["key"], ReturnType<typeof optionalText>>),
  })
  .superRefine((p, ctx) => {
    for (const s of linkSites) {
      const url = p[s.key];
      if (url && !linkFits(s.key, url))
        ctx.addIssue({
          code: "custom",
          path: [s.key],
          message: s.hosts ? `${s.label}链接需是 ${s.hosts[0]} 的地址` : "个人网站需以 http:// 或 https:// 开头",
        });
    }
  });

export const pinSchema = z.object({ workId: id("作品"), on: checkbox });

/** A new access token: its name, at least one scope (a checkbox each, `scope_read`…), and how long it lives. */
export const tokenSchema = z
  .object({
    name: text("令牌名称", { max: tokenLimits.name }),
    ...(Object.fromEntries(tokenScopeKeys.map((k) => [`scope_${k}`, checkbox])) as Record<
      `scope_${TokenScope}`,
      typeof checkbox
    >),
    lifetime: z.coerce
      .number({ error: "请选择有效期" })
      .refine((d) => tokenLifetimes.some((l) => l.days === d), "请选择有效期"),
  })
  .refine((v) => tokenScopeKeys.some((k) => (v as Record<string, unknown>)[`scope_${k}`] === true), {
    message: "请至少选择一项权限",
    path: ["scopes"],
  });
