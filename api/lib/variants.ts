/**
 * Variant characters that read as one another in a name but that Unicode's normalization and OpenCC's
 * traditional→simplified tables leave apart (issue 53: 靑木 registered beside 青木). Mostly the old printed forms
 * (旧字形) and their Japanese spellings, each written here with the form the site folds it to. Unihan's variant fields
 * do not link most of these pairs, so the list is ours: a pair is added when a reader would take one for the other.
 */
const PAIRS =
  "靑青 淸清 槪概 黒黑 戸户 戶户 呂吕 尙尚 値值 兪俞 吿告 偸偷 愼慎 顚颠 塡填 冐冒 敍叙 敘叙 姉姊 羣群 竝并 巣巢 曽曾 緖绪";

const table = new Map(PAIRS.split(" ").map((pair) => [...pair] as [string, string]));

/** The form a variant character folds to, or the character itself. */
export const commonForm = (ch: string) => table.get(ch) ?? ch;

/** The variants known, for tests. */
export const variantPairs = () => [...table.entries()];
