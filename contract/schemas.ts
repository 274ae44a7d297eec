import { z } from "zod";
import { searchPaging } from "./search.ts";
import { nicknameProblem } from "./identity.ts";
import { WorkType, type WorkTypeValue } from "./kinds.ts";
import {
  CONTENT_MAX,
  commentLimits,
  messageLimits,
  contentLabel,
  contentLimit,
  searchLimits,
  userLimits,
  workLimits,
  siteLimits,
  tasteLimits,
} from "./limits.ts";
import { id, optionalId, optionalText, secret, text } from "./fields.ts";
import { PHONE_PATTERN, smsLimits } from "./signin.ts";
import { domainLines, isDomain } from "./outbound.ts";

/**
 * The request schemas of the forms both sides know: the API parses posts with them, the web takes its fields'
 * limits from them (fieldRules). Messages are Chinese and name the field.
 */

const isHttpUrl = (v: string) => {
  try {
    const u = new URL(v);
    return u.protocol === "http:" || u.protocol === "https:";
  } catch {
    return false;
  }
};

const jsonList = (v: unknown) => {
  if (typeof v !== "string") return v ?? [];
  if (!v.trim()) return [];
  try {
    return JSON.parse(v);
  } catch {
    return null;
  }
};

/** Tags come as "水彩, 风景 #猫" or a list: split on commas, spaces and #; the first spelling of a name wins. */
export function splitTags(v: unknown): string[] {
  const raw = Array.isArray(v) ? v.map(String) : typeof v === "string" ? [v] : [];
  const seen = new Set<string>();
  const out: string[] = [];
  for (const part of raw.flatMap((s) => s.split(/[,，、;；\s#]+/))) {
    const name = part.trim();
    if (name && !seen.has(name.toLowerCase())) {
      seen.add(name.toLowerCase());
      out.push(name);
    }
  }
  return out;
}

export const workSchema = z
  .object({
    type: z.coerce.number({ error: "作品类型无效" }).int("作品类型无效").min(0, "作品类型无效").max(4, "作品类型无效"),
    nodeId: z.preprocess((v) => (v === "" || v === undefined ? undefined : v), id("节点").optional()),
    title: optionalText("标题", workLimits.title),
    summary: optionalText("简介", workLimits.summary),
    content: optionalText("内容", CONTENT_MAX),
    url: optionalText("链接", workLimits.url),
    tags: z.preprocess(
      splitTags,
      z
        .array(z.string().max(workLimits.tag, `每个标签不能超过${workLimits.tag}个字符`))
        .max(workLimits.tags, `标签最多${workLimits.tags}个`),
    ),
    images: z.preprocess(
      jsonList,
      z
        .array(z.object({ url: z.string().max(300), alt: optionalText("图片说明", workLimits.alt) }), {
          error: "图片信息格式不正确",
        })
        .max(workLimits.images, `最多${workLimits.images}张图片`),
    ),
    cover: optionalText("封面", 300),
    logo: optionalText("项目图标", 300),
    audio: optionalText("音频", 300),
  })
  .superRefine((w, ctx) => {
    const need = (path: keyof typeof w, message: string) => ctx.addIssue({ code: "custom", path: [path], message });
    if (!w.nodeId) need("nodeId", "请选择节点");
    const max = contentLimit[w.type as WorkTypeValue];
    if (w.type !== WorkType.link && w.content.length > max)
      need("content", `${contentLabel[w.type as WorkTypeValue]}不能超过${max}个字符`);
    if (w.type === WorkType.post) {
      if (!w.content) need("content", "请输入内容");
    } else if (!w.title) need("title", "请输入标题");
    if (w.type === WorkType.article && !w.content) need("content", "请输入正文");
    if (w.type === WorkType.project || w.type === WorkType.link) {
      if (!w.url) need("url", "请输入链接");
      else if (!isHttpUrl(w.url)) need("url", "链接需以 http:// 或 https:// 开头");
    }
  });

const captchaFields = {
  captchaId: optionalText("验证码编号", 64),
  captchaCode: optionalText("验证码", 10),
};

export const signinSchema = z.object({
  username: text("用户名或邮箱", { max: userLimits.login }),
  password: secret("密码", { min: 1, max: userLimits.password }),
  ...captchaFields,
});

/** A mainland mobile number, as people type it: spaces, dashes and a +86 prefix are dropped. */
export const phoneField = z
  .preprocess(
    (v) => (typeof v === "string" ? v.replace(/[\s-]/g, "").replace(/^(\+?86)(?=1\d{10}$)/, "") : ""),
    z.string().min(1, "请输入手机号").max(20, "请输入正确的11位手机号").regex(PHONE_PATTERN, "请输入正确的11位手机号"),
  )
  .meta({ maxLength: 20, required: true });

export const verifyCodeField = z
  .preprocess(
    (v) => (typeof v === "string" ? v.trim() : ""),
    z
      .string()
      .min(1, "请输入短信验证码")
      .regex(new RegExp(`^\\d{${smsLimits.codeLength}}$`), `短信验证码为${smsLimits.codeLength}位数字`),
  )
  .meta({ maxLength: smsLimits.codeLength, required: true });

/** 获取验证码: the number, and the picture captcha that guards sending. */
export const smsSendSchema = z.object({ phone: phoneField, ...captchaFields });
export const phoneSigninSchema = z.object({ phone: phoneField, verifyCode: verifyCodeField });

const nickname = text("昵称", { max: userLimits.nickname }).superRefine((v, ctx) => {
  const problem = nicknameProblem(v);
  if (problem) ctx.addIssue({ code: "custom", message: problem });
});

export const signupSchema = z.object({
  nickname,
  username: text("用户名", { max: userLimits.username }).pipe(
    z.string().regex(/^[A-Za-z][A-Za-z0-9_]{2,19}$/, "用户名需以字母开头，由3到20位字母、数字或下划线组成"),
  ),
  email: text("邮箱", { max: userLimits.email }).pipe(z.email("邮箱格式不正确")),
  password: secret("密码", { min: userLimits.passwordMin, max: userLimits.password }),
  rePassword: secret("确认密码", { min: 1, max: userLimits.password }),
  // requirements §7: a number proven by its code may come with a sign-up and is then bound to the new account.
  phone: z.preprocess((v) => (v === "" ? undefined : v), phoneField.optional()),
  verifyCode: optionalText("短信验证码", smsLimits.codeLength),
  // Asked for only while registration is by invitation (admin area, 注册与登录).
  inviteCode: optionalText("邀请码", 32),
  ...captchaFields,
});

/** 忘记密码: where to send the link. */
export const forgotPasswordSchema = z.object({
  email: text("邮箱", { max: userLimits.email }).pipe(z.email("邮箱格式不正确")),
  ...captchaFields,
});

/** A link's token from a mail (verify or reset): 43 url-safe characters. */
const linkToken = z.preprocess(
  (v) => (typeof v === "string" ? v.trim() : ""),
  z.string().regex(/^[\w-]{20,100}$/, "链接已失效或已被使用"),
);
export const emailTokenSchema = z.object({ token: linkToken });
export const resetPasswordSchema = z.object({
  token: linkToken,
  password: secret("新密码", { min: userLimits.passwordMin, max: userLimits.password }),
  rePassword: secret("确认密码", { min: 1, max: userLimits.password }),
});

export const commentSchema = z.object({
  workId: id("作品编号"),
  content: text("评论内容", { max: commentLimits.content }),
  replyTo: optionalId("回复的评论"),
});

/** A private message: plain text (links are made clickable when shown), to someone named by id. */
export const messageSchema = z.object({
  userId: id("收信人"),
  content: text("私信内容", { max: messageLimits.content }),
});

export const searchSchema = z.object({
  keyword: text("搜索关键词", { max: searchLimits.keyword }),
  nodeId: optionalId("节点"),
  // An unknown time range or kind means "any": a stale link still finds something.
  timeRange: z.coerce.number().int().min(0).max(4).catch(0),
  type: z
    .preprocess((v) => (v === "" || v === null ? undefined : v), z.coerce.number().int().min(0).max(4).optional())
    .catch(undefined),
  // A page that is not a number is the first; one past the last that may be read is told so.
  page: z.preprocess(
    (v) => (Number.isInteger(Number(v)) && Number(v) >= 1 ? Number(v) : 1),
    z.number().max(searchPaging.maxPages, `最多只能查看前${searchPaging.maxPages}页`),
  ),
});

export const userSearchSchema = z.object({
  keyword: text("搜索关键词", { max: searchLimits.keyword }),
  page: searchSchema.shape.page,
});

const navSchema = z.object({
  title: text("导航标题", { max: siteLimits.navTitle }),
  url: text("导航链接", { max: siteLimits.navUrl }).pipe(
    z.string().regex(/^(\/(?!\/)|https?:\/\/)\S*$/, "导航链接需以 / 或 http(s):// 开头"),
  ),
});

/** siteNavs arrives as JSON text in a form post, or as an array in a JSON body. */
const navsSchema = z.preprocess(
  (v) => {
    if (typeof v !== "string") return v;
    try {
      return JSON.parse(v || "[]");
    } catch {
      return null;
    }
  },
  z.array(navSchema, { error: "导航链接格式不正确" }).max(siteLimits.navs, `导航链接最多${siteLimits.navs}个`),
);

/** A whole number from 1 to max, its message naming the field. */
function wholeNumber(label: string, max: number) {
  const message = `${label}需为1到${max}的整数`;
  return z.coerce.number({ error: message }).int(message).min(1, message).max(max, message);
}

export const configSchema = z.object({
  siteTitle: text("站点名称", { max: siteLimits.title }),
  siteDescription: optionalText("站点描述", siteLimits.description),
  siteKeywords: optionalText("关键词", siteLimits.keywords),
  siteNavs: navsSchema,
  tokenExpireDays: wholeNumber("登录有效天数", siteLimits.tokenDaysMax),
  icpNumber: optionalText("ICP备案号", siteLimits.recordNumber),
  policeNumber: optionalText("公安备案号", siteLimits.recordNumber),
  footerText: optionalText("页脚文字", siteLimits.footer),
  // Optional for API clients that save only the older fields; the settings page always sends them.
  uploadsPerHour: wholeNumber("每小时上传次数", siteLimits.uploadsPerHourMax).optional(),
  uploadMbPerDay: wholeNumber("每日上传容量（MB）", siteLimits.uploadMbPerDayMax).optional(),
  trustedDomains: optionalText("信任的域名", siteLimits.trustedDomains)
    .refine((v) => domainLines(v).every(isDomain), "信任的域名每行一个，例如 example.com")
    .optional(),
});

const checkbox = z.preprocess((v) => v === "on" || v === "1" || v === "true" || v === true || v === 1, z.boolean());

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
});
