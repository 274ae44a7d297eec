import { Form } from "react-router";
import type { Route } from "./+types/settings";
import type { SiteConfig } from "../../../contract/site/views.ts";
import { apiClient, orErrorPage } from "../../lib/api.server.ts";
import { saveConfig } from "../../lib/upstream/site.ts";
import { readForm } from "../../lib/request.server.ts";
import { forgetSiteCache, requireStaff, siteConfig } from "../../lib/site.server.ts";
import { Field, inputClass } from "../../components/Field.tsx";
import { formRules } from "../../../contract/shared/fields.ts";
import { configSchema } from "../../../contract/site/schemas.ts";
import { siteLimits } from "../../../contract/shared/limits.ts";
import { SubmitButton } from "../../components/SubmitButton.tsx";
import { FormAlert } from "../../components/FormAlert.tsx";
import { attempt, done, refused } from "../../lib/form-action.server.ts";

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireStaff(request, context);
  forgetSiteCache(context);
  const config = await orErrorPage(siteConfig(apiClient(request, context)));
  // The fields' limits, from the schema the API checks them with.
  return { config, rules: formRules(configSchema, fields) };
}

const fields = [
  "siteTitle",
  "siteDescription",
  "siteKeywords",
  "tokenExpireDays",
  "icpNumber",
  "policeNumber",
  "footerText",
  "uploadsPerHour",
  "uploadMbPerDay",
  "trustedDomains",
] as const;

export async function action({ request, context }: Route.ActionArgs) {
  await requireStaff(request, context);
  const form = await readForm(request);
  const titles = form.getAll("navTitle").map(String);
  const urls = form.getAll("navUrl").map(String);
  const navs = titles
    .map((title, i) => ({ title: title.trim(), url: (urls[i] ?? "").trim() }))
    .filter((n) => n.title || n.url);
  // A field the form did not send (an older page, a script) is left as it is.
  const values: Record<string, string> = Object.fromEntries(
    fields.flatMap((f) => (form.has(f) ? [[f, String(form.get(f))]] : [])),
  );
  const sent = await attempt(saveConfig(apiClient(request, context), { ...values, siteNavs: JSON.stringify(navs) }));
  if (!sent.ok) return refused(sent.failure, { values, navs });
  forgetSiteCache(context);
  return done(context, "设置已保存", "/admin/settings");
}

/** A navigation link is a row of two boxes, read back by name in the action. */
const navColumns = [
  { name: "navTitle", key: "title", label: "导航标题", placeholder: "标题", maxLength: siteLimits.navTitle },
  { name: "navUrl", key: "url", label: "导航链接", placeholder: "/about 或 https://…", maxLength: siteLimits.navUrl },
] as const;

/** 站点设置: the site's name, description, navigation, session length and footer. */
export default function AdminSettings({ loaderData, actionData }: Route.ComponentProps) {
  const { rules } = loaderData;
  const config: Partial<Record<keyof SiteConfig, unknown>> = actionData?.values ?? loaderData.config;
  const navs = actionData?.navs ?? loaderData.config.siteNavs;
  const errors: Record<string, string> = actionData?.fieldErrors ?? {};
  const text = (
    name: (typeof fields)[number],
    label: string,
    props: { type?: string; hint?: string; multiline?: boolean } = {},
  ) => {
    const common = {
      name,
      label,
      error: errors[name],
      hint: props.hint,
      ...rules[name],
      className: "text-sm",
    };
    const value = String(config[name] ?? "");
    return props.multiline ? (
      <Field {...common} multiline rows={2} defaultValue={value} />
    ) : (
      <Field {...common} type={props.type ?? "text"} defaultValue={value} />
    );
  };
  return (
    <main className="space-y-4">
      <h1 className="text-xl font-semibold">站点设置</h1>
      <Form method="post" className="space-y-4" noValidate>
        <FormAlert message={actionData?.message} />
        {text("siteTitle", "站点名称")}
        {text("siteDescription", "站点描述", { multiline: true })}
        {text("siteKeywords", "关键词", { hint: "用英文逗号分隔" })}
        <fieldset>
          <legend className="text-sm font-medium">导航链接</legend>
          <p className="text-xs text-muted">显示在手机侧边栏中；链接以 / 或 http(s):// 开头，留空的行会被忽略。</p>
          {errors.siteNavs && (
            <p className="mt-1 text-xs text-danger" role="alert">
              {errors.siteNavs}
            </p>
          )}
          <div className="mt-2 space-y-2">
            {[...navs, { title: "", url: "" }, { title: "", url: "" }].map((nav, i) => (
              <div key={i} className="grid grid-cols-[1fr_2fr] gap-2">
                {navColumns.map((c) => (
                  <input
                    key={c.name}
                    name={c.name}
                    defaultValue={nav[c.key]}
                    placeholder={c.placeholder}
                    aria-label={`第${i + 1}个${c.label}`}
                    maxLength={c.maxLength}
                    className={`${inputClass} text-sm`}
                  />
                ))}
              </div>
            ))}
          </div>
        </fieldset>
        {text("tokenExpireDays", "登录有效天数", { type: "number", hint: `1到${siteLimits.tokenDaysMax}天` })}
        {text("icpNumber", "ICP备案号")}
        {text("policeNumber", "公安备案号")}
        {text("footerText", "页脚文字", { multiline: true })}
        {text("uploadsPerHour", "每位会员每小时上传次数", {
          type: "number",
          hint: `1到${siteLimits.uploadsPerHourMax}个文件`,
        })}
        {text("uploadMbPerDay", "每位会员每日上传容量（MB）", {
          type: "number",
          hint: `1到${siteLimits.uploadMbPerDayMax}MB，按过去24小时计`,
        })}
        {text("trustedDomains", "信任的域名", {
          multiline: true,
          hint: "每行一个；会员内容里指向这些域名的链接直接打开，其他外部链接先经过离站提示页",
        })}
        <SubmitButton label="保存设置" />
      </Form>
    </main>
  );
}
