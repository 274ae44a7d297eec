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

/** A picture's stored size, by its address: what lets a row of pictures share one height before they load. */
export type PictureSizes = ReadonlyMap<string, { width: number; height: number }>;

// A paragraph of nothing but pictures (two or more on adjacent lines) is a row of them, side by side at one height
// (.picture-row in app.css): each picture's growth is its ratio, known from the stored size when there is one.
md.core.ruler.push("picture_rows", (state) => {
  const tokens = state.tokens;
  const sizes = (state.env as { sizes?: PictureSizes }).sizes;
  for (let i = 0; i + 2 < tokens.length; i++) {
    if (tokens[i].type !== "paragraph_open" || tokens[i + 1].type !== "inline") continue;
    const parts = (tokens[i + 1].children ?? []).filter((t) => !(t.type === "text" && !t.content.trim()));
    const pictures = parts.filter((t) => t.type === "image");
    if (pictures.length < 2 || pictures.length !== parts.filter((t) => t.type !== "softbreak").length) continue;
    tokens[i].attrSet("class", "picture-row");
    tokens[i + 1].children = pictures;
    for (const picture of pictures) {
      const size = sizes?.get(picture.attrGet("src") ?? "");
      if (!size?.width || !size.height) continue;
      picture.attrSet("width", String(size.width));
      picture.attrSet("height", String(size.height));
      picture.attrSet("style", `--ar:${Math.round((size.width / size.height) * 1000) / 1000}`);
    }
  }
});

/** The addresses of the pictures a text shows, for looking up their sizes before it is rendered. */
export function picturesIn(source: string): string[] {
  return [...source.matchAll(/!\[[^\]\n]*\]\(\s*<?([^\s)>]+)/g)].map((m) => m[1]);
}

export function renderMarkdown(source: string, sizes?: PictureSizes): string {
  return md.render(source, { sizes });
}
