import { readConfigRows, writeConfigRows } from "../db/queries/config.ts";
import type { SiteConfig } from "../../contract/types.ts";
import type { Deps } from "./deps.ts";
import { configuredProviders } from "../lib/oauth.ts";

export type EditableConfig = Omit<SiteConfig, "captcha" | "oauth">;

export const defaultConfig: EditableConfig = {
  siteTitle: "艺社",
  siteDescription: "艺社是一个中文艺术与创作社区：插画、摄影、设计、音乐、文章与项目，在这里被看见。",
  siteKeywords: "艺术,插画,摄影,设计,音乐,创作,社区",
  siteNavs: [],
  tokenExpireDays: 30,
  icpNumber: "",
  policeNumber: "",
  footerText: "",
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
  return { ...(config as EditableConfig), captcha: deps.captchaEnabled, oauth: configuredProviders(deps.signin.oauth) };
}

export async function updateConfig(deps: Deps, values: Partial<EditableConfig>): Promise<SiteConfig> {
  const rows: Record<string, string> = {};
  for (const key of Object.keys(defaultConfig) as (keyof EditableConfig)[]) {
    if (values[key] !== undefined) rows[key] = JSON.stringify(values[key]);
  }
  await writeConfigRows(deps.db, rows);
  return getConfig(deps);
}
