import { z } from "zod";
import { optionalText, text } from "../shared/fields.ts";
import { siteLimits } from "../shared/limits.ts";
import { domainLines, isDomain } from "../shared/outbound.ts";

/** 站点设置: the site's settings as an admin saves them. */

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
