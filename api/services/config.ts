import { putConfigRow, readConfigRows } from "../db/queries/config.ts";
import { audit } from "./admin/audit.ts";
import type { SiteConfig } from "../../contract/site/views.ts";
import type { Deps } from "./deps.ts";
import { configuredProviders } from "../lib/oauth.ts";
import { accessFrom } from "./signin/access.ts";
import { aiSettingsFrom, KEY as AI_KEY } from "./ai/ai-settings.ts";

export type EditableConfig = Omit<SiteConfig, "captcha" | "oauth" | "sms" | "registration" | "ai">;

export const defaultConfig: EditableConfig = {
  siteTitle: "艺社",
  siteDescription: "艺社是一个中文艺术与创作社区：插画、摄影、设计、音乐、文章与项目，在这里被看见。",
  siteKeywords: "艺术,插画,摄影,设计,音乐,创作,社区",
  siteNavs: [],
  tokenExpireDays: 30,
  icpNumber: "",
  policeNumber: "",
  footerText: "",
  uploadsPerHour: 60,
  uploadMbPerDay: 500,
  trustedDomains: "",
};

/** Site settings: the stored values over the defaults. Values are JSON so every field keeps its type. */
export async function getConfig(deps: Deps): Promise<SiteConfig> {
  const rows = await readConfigRows(deps.db);
  const config: Record<string, unknown> = { ...defaultConfig };
  for (const key of Object.keys(defaultConfig)) {
    if (rows[key] === undefined) continue;
    try {
      config[key] = JSON.parse(rows[key]);
    } catch {
      deps.log.warn("site config value is not JSON", { key });
    }
  }
  const access = accessFrom(rows);
  return {
    ...(config as EditableConfig),
    captcha: deps.captchaEnabled,
    oauth: configuredProviders(deps.signin.oauth).filter((p) => !access.waysOff.includes(p)),
    sms: !access.waysOff.includes("sms"),
    registration: access.registration,
    ai: deps.ai !== null && aiSettingsFrom(rows[AI_KEY]).enabled,
  };
}

/** Saves the site settings an admin edited, with the audit record of what changed. */
export async function updateConfig(
  deps: Deps,
  staff: { id: number },
  values: Partial<EditableConfig>,
): Promise<SiteConfig> {
  const before = await getConfig(deps);
  const rows: Record<string, string> = {};
  const changed: Record<string, [unknown, unknown]> = {};
  for (const key of Object.keys(defaultConfig) as (keyof EditableConfig)[]) {
    if (values[key] === undefined) continue;
    rows[key] = JSON.stringify(values[key]);
    if (JSON.stringify(before[key]) !== rows[key]) changed[key] = [before[key], values[key]];
  }
  await deps.db.transaction().execute(async (trx) => {
    for (const [key, value] of Object.entries(rows)) await putConfigRow(trx, key, value);
    if (Object.keys(changed).length)
      await audit(trx, deps.now(), {
        actorId: staff.id,
        action: "config.save",
        targetKind: "config",
        targetId: 0,
        before: Object.fromEntries(Object.entries(changed).map(([k, v]) => [k, v[0]])),
        after: Object.fromEntries(Object.entries(changed).map(([k, v]) => [k, v[1]])),
      });
  });
  return getConfig(deps);
}
