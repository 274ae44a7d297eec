import { data, Form, redirect } from "react-router";
import type { Route } from "./+types/index";
import type { SiteConfig } from "../../../contract/types.ts";
import { ApiFailure, apiClient, orErrorPage } from "../../lib/api.server.ts";
import { saveConfig } from "../../lib/upstream/site.ts";
import { getDashboard } from "../../lib/upstream/admin.ts";
import { DayChart } from "../../components/admin/DayChart.tsx";
import { reportReasonLabel, reportTargetLabel } from "../../../contract/admin.ts";
import { Link } from "react-router";
import { flashCookie } from "../../lib/flash.server.ts";
import { setCookie, readForm } from "../../lib/request.server.ts";
import { forgetSiteCache, requireStaff, siteConfig } from "../../lib/site.server.ts";
import { Field, inputClass } from "../../components/Field.tsx";
import { formRules } from "../../../contract/fields.ts";
import { configSchema } from "../../../contract/schemas.ts";
import { siteLimits } from "../../../contract/limits.ts";
import { SubmitButton } from "../../components/SubmitButton.tsx";
import { FormAlert } from "../../components/FormAlert.tsx";
import { Panel } from "../../components/Panel.tsx";

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireStaff(request, context);
  const api = apiClient(request, context);
  forgetSiteCache();
  const [dashboard, config] = await orErrorPage(Promise.all([getDashboard(api), siteConfig(api)]));
  // The fields' limits, from the schema the API checks them with.
  return { dashboard, config, rules: formRules(configSchema, fields) };
}

const fields = [
  "siteTitle",
  "siteDescription",
  "siteKeywords",
  "tokenExpireDays",
  "icpNumber",
  "policeNumber",
  "footerText",
] as const;

export async function action({ request, context }: Route.ActionArgs) {
  await requireStaff(request, context);
  const form = await readForm(request);
  const titles = form.getAll("navTitle").map(String);
  const urls = form.getAll("navUrl").map(String);
  const navs = titles
    .map((title, i) => ({ title: title.trim(), url: (urls[i] ?? "").trim() }))
    .filter((n) => n.title || n.url);
  const values: Record<string, string> = Object.fromEntries(fields.map((f) => [f, String(form.get(f) ?? "")]));
  try {
    await saveConfig(apiClient(request, context), { ...values, siteNavs: JSON.stringify(navs) });
  } catch (err) {
    if (!(err instanceof ApiFailure)) throw err;
    return data({ message: err.message, fieldErrors: err.fieldErrors, values, navs }, { status: err.status });
  }
  forgetSiteCache();
  setCookie(context, flashCookie({ kind: "success", text: "设置已保存" }));
  return redirect("/admin");
}

function Stat({ label, value, today }: { label: string; value: number; today?: number }) {
  return (
    <div className="rounded-2xl border border-line bg-surface p-4">
      <div className="text-sm text-muted">{label}</div>
      <div className="mt-1 text-2xl font-semibold">{value.toLocaleString("zh-CN")}</div>
      {today !== undefined && <div className="mt-1 text-xs text-muted">今日新增 {today}</div>}
    </div>
  );
}

/** A navigation link is a row of two boxes, read back by name in the action. */
const navColumns = [
  { name: "navTitle", key: "title", label: "导航标题", placeholder: "标题", maxLength: siteLimits.navTitle },
  { name: "navUrl", key: "url", label: "导航链接", placeholder: "/about 或 https://…", maxLength: siteLimits.navUrl },
] as const;

export default function AdminHome({ loaderData, actionData }: Route.ComponentProps) {
  const { dashboard, rules } = loaderData;
  const { stats } = dashboard;
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
    <main className="space-y-8">
      <section aria-labelledby="stats-title">
        <h1 id="stats-title" className="mb-3 text-xl font-semibold">
          站点概览
        </h1>
        <div className="grid grid-cols-2 gap-3 md:grid-cols-3">
          <Stat label="用户" value={stats.users} today={stats.usersToday} />
          <Stat label="作品" value={stats.works} today={stats.worksToday} />
          <Stat label="节点" value={stats.nodes} />
          <Stat label="评论" value={stats.comments} />
          <Stat label="点赞" value={stats.likes} />
        </div>
      </section>
      <DayChart days={dashboard.days} />
      <section aria-labelledby="queues-title" className="grid gap-3 md:grid-cols-2">
        <h2 id="queues-title" className="sr-only">
          待处理
        </h2>
        <div className="rounded-2xl border border-line bg-surface p-4">
          <div className="flex items-baseline justify-between">
            <h3 className="font-medium">最新举报</h3>
            <Link to="/admin/reports?status=open" className="text-sm text-primary">
              待处理 {dashboard.openReports}
            </Link>
          </div>
          {dashboard.reports.length === 0 ? (
            <p className="mt-2 text-sm text-muted">暂无待处理的举报</p>
          ) : (
            <ul className="mt-2 space-y-1 text-sm">
              {dashboard.reports.map((r) => (
                <li key={r.reportId} className="truncate">
                  <span className="text-muted">
                    {reportTargetLabel[r.target]}·{reportReasonLabel[r.reason]}
                  </span>{" "}
                  {r.excerpt}
                </li>
              ))}
            </ul>
          )}
        </div>
        <div className="rounded-2xl border border-line bg-surface p-4">
          <h3 className="font-medium">待审核</h3>
          <p className="mt-2 text-sm">
            <Link to="/admin/works?state=review" className="text-primary">
              作品 {dashboard.reviewQueue.works}
            </Link>
            <span className="mx-2 text-muted">·</span>
            <span>评论 {dashboard.reviewQueue.comments}</span>
          </p>
        </div>
      </section>
      <Panel id="settings-title" title="站点设置">
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
          <SubmitButton label="保存设置" />
        </Form>
      </Panel>
    </main>
  );
}
