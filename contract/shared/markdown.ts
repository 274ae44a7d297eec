import MarkdownIt from "markdown-it";
import { outboundHref } from "./outbound.ts";

// html: false escapes any raw HTML in the source; markdown-it's own link check refuses javascript:, vbscript:
// and file: URLs. Together they keep scripts, styles and event handlers out of rendered works.
const md = new MarkdownIt({ html: false, linkify: true, breaks: true, typographer: false });

const defaultLinkOpen =
  md.renderer.rules.link_open ?? ((tokens, idx, options, _env, self) => self.renderToken(tokens, idx, options));
md.renderer.rules.link_open = (tokens, idx, options, env, self) => {
  // Links in user content are the user's: no ranking credit, no window.opener; leaving the site asks first.
  tokens[idx].attrSet("href", outboundHref(tokens[idx].attrGet("href") ?? ""));
  tokens[idx].attrSet("rel", "nofollow ugc noopener");
  tokens[idx].attrSet("target", "_blank");
  return defaultLinkOpen(tokens, idx, options, env, self);
};
const defaultImage = md.renderer.rules.image!;
md.renderer.rules.image = (tokens, idx, options, env, self) => {
  tokens[idx].attrSet("loading", "lazy");
  return defaultImage(tokens, idx, options, env, self);
};

export function renderMarkdown(source: string): string {
  return md.render(source);
}
