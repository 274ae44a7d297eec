import { searchLimits } from "../../contract/shared/limits.ts";

export const SEARCH_MAX_LENGTH = searchLimits.keyword;
export const HISTORY_MAX = searchLimits.history;
const KEY = "searchHistory";

/** Adds a keyword to the front; entries stay distinct and at most ten (requirements §5). */
export function addToHistory(history: string[], keyword: string): string[] {
  const k = keyword.trim();
  if (!k) return history;
  return [k, ...history.filter((h) => h !== k)].slice(0, HISTORY_MAX);
}

export function removeFromHistory(history: string[], keyword: string): string[] {
  return history.filter((h) => h !== keyword);
}

/** Suggestions: the history entries that contain what was typed (all of them when nothing is typed). */
export function suggest(history: string[], typed: string): string[] {
  const t = typed.trim().toLowerCase();
  return t ? history.filter((h) => h.toLowerCase().includes(t)) : history;
}

export function loadHistory(storage: Pick<Storage, "getItem"> | undefined): string[] {
  try {
    const list = JSON.parse(storage?.getItem(KEY) ?? "[]");
    return Array.isArray(list) ? list.filter((x) => typeof x === "string").slice(0, HISTORY_MAX) : [];
  } catch {
    return [];
  }
}

export function saveHistory(storage: Pick<Storage, "setItem"> | undefined, history: string[]): void {
  try {
    storage?.setItem(KEY, JSON.stringify(history));
  } catch {
    // private mode or full storage: history is a convenience
  }
}
