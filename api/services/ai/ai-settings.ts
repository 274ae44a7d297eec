import { aiSettingLimits, defaultAiSettings, type AiSettings } from "../../../contract/ai/ai.ts";
import type { AiAdminView } from "../../../contract/ai/views.ts";
import type { CurrentUserView } from "../../../contract/signin/views.ts";
import { aiCounts, siteQuestionsOn, usageByDay } from "../../db/queries/ai.ts";
import { putConfigRow, readConfigRow } from "../../db/queries/config.ts";
import { chinaDate, chinaDay } from "../../lib/china-time.ts";
import { audit } from "../admin/audit.ts";
import type { Deps } from "../deps.ts";

/** /admin/ai: the AI's switch, limits and system prompt (one setting, JSON), and what it was used for. */

export const KEY = "ai";
const USAGE_DAYS = 30;

export async function aiSettings(deps: Pick<Deps, "db">): Promise<AiSettings> {
  return aiSettingsFrom(await readConfigRow(deps.db, KEY));
}

/** The stored setting read leniently: a value out of its range is the default's. */
export function aiSettingsFrom(raw: string | undefined): AiSettings {
  if (!raw) return defaultAiSettings;
  try {
    const v = JSON.parse(raw) as Partial<AiSettings>;
    const count = (n: unknown, min: number, max: number, fallback: number) =>
      typeof n === "number" && Number.isInteger(n) && n >= min && n <= max ? n : fallback;
    return {
      enabled: typeof v.enabled === "boolean" ? v.enabled : defaultAiSettings.enabled,
      dailyQuota: count(v.dailyQuota, 0, aiSettingLimits.dailyQuota, defaultAiSettings.dailyQuota),
      perMinute: count(v.perMinute, 1, aiSettingLimits.perMinute, defaultAiSettings.perMinute),
      siteDaily: count(v.siteDaily, 0, aiSettingLimits.siteDaily, defaultAiSettings.siteDaily),
      systemPrompt: typeof v.systemPrompt === "string" ? v.systemPrompt : defaultAiSettings.systemPrompt,
    };
  } catch {
    return defaultAiSettings;
  }
}

export async function aiAdmin(deps: Deps): Promise<AiAdminView> {
  const today = chinaDay(deps.now());
  const [settings, days, counts, siteToday] = await Promise.all([
    aiSettings(deps),
    usageByDay(deps.db, today - USAGE_DAYS + 1),
    aiCounts(deps.db),
    siteQuestionsOn(deps.db, today),
  ]);
  return {
    configured: deps.ai !== null,
    model: deps.ai?.model ?? "",
    reasoningModel: deps.ai?.reasoningModel ?? "",
    settings,
    usage: days.map((d) => ({
      date: chinaDate(d.day),
      questions: Number(d.questions),
      members: Number(d.members),
      tokensIn: Number(d.tokens_in),
      tokensOut: Number(d.tokens_out),
      failures: Number(d.failures),
    })),
    siteToday,
    ...counts,
  };
}

export async function saveAiSettings(
  deps: Deps,
  staff: CurrentUserView,
  given: Omit<AiSettings, "siteDaily"> & { siteDaily?: number },
): Promise<AiAdminView> {
  const before = await aiSettings(deps);
  const input: AiSettings = { ...given, siteDaily: given.siteDaily ?? before.siteDaily };
  await deps.db.transaction().execute(async (trx) => {
    await putConfigRow(trx, KEY, JSON.stringify(input));
    await audit(trx, deps.now(), {
      actorId: staff.id,
      action: "config.save",
      targetKind: "ai",
      targetId: 0,
      before,
      after: input,
    });
  });
  return aiAdmin(deps);
}
