import { renderMarkdown } from "../../../contract/shared/markdown.ts";

/** Markdown rendered as readers would get it, for a 预览 that works without JavaScript. */
export function previewMarkdown<K extends string>(values: Record<K, string>): Record<K, string> {
  return Object.fromEntries(Object.entries<string>(values).map(([k, v]) => [k, renderMarkdown(v)])) as Record<
    K,
    string
  >;
}
