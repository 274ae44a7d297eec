import MarkdownIt from "markdown-it";
import type Token from "markdown-it/lib/token.mjs";
import { leavingTo, outboundHref } from "./outbound.ts";

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

/** A work of this site as a block of another's text shows it: a card that opens it, and a player for a track. */
export type WorkEmbed = {
  artId: number;
  /** The kind's name (文章, 音乐 …). */
  kind: string;
  title: string;
  author: string;
  cover: { url: string; width: number; height: number } | null;
  /** A track's address: the block plays it where it stands. */
  audio: string | null;
};
export type WorkEmbeds = ReadonlyMap<number, WorkEmbed>;

/** What a text is rendered with: its pictures' sizes; the works it may show (a work's text and its editor: blocks). */
type RenderEnv = { sizes?: PictureSizes; works?: WorkEmbeds; siteHost?: string };

const WORK_PATH = /^\/art\/(\d{1,9})\/?$/;
/** The work a link opens when it is a page of this site (`/art/12`, or the site's own address before it). */
function workOf(href: string, siteHost?: string): number | null {
  const path = WORK_PATH.exec(href);
  if (path) return Number(path[1]);
  const url = siteHost ? leavingTo(href) : null;
  if (!url || url.host !== siteHost || url.search || url.hash) return null;
  const own = WORK_PATH.exec(url.pathname);
  return own ? Number(own[1]) : null;
}

/** The one link a paragraph is made of (a link on a line of its own), with its address and words. */
function loneLink(inline: Token): { href: string; text: string } | null {
  const parts = (inline.children ?? []).filter((t) => !(t.type === "text" && !t.content.trim()));
  // A work's path written bare (`/art/12`): linkify only knows whole addresses.
  if (parts.length === 1 && parts[0].type === "text" && WORK_PATH.test(parts[0].content.trim()))
    return { href: parts[0].content.trim(), text: "" };
  if (parts.length !== 3 || parts[0].type !== "link_open" || parts[2].type !== "link_close") return null;
  if (parts[1].type !== "text") return null;
  // A bare address (linkify's, or an autolink's <…>) has no words of its own.
  const bare = parts[0].markup === "linkify" || parts[0].info === "auto";
  return { href: parts[0].attrGet("href") ?? "", text: bare ? "" : parts[1].content.trim() };
}

const esc = md.utils.escapeHtml;

function workBlock(work: WorkEmbed): string {
  const cover = work.cover
    ? `<img src="${esc(work.cover.url)}" alt="" width="${work.cover.width}" height="${work.cover.height}" loading="lazy">`
    : "";
  const audio = work.audio
    ? `<audio controls preload="none" src="${esc(work.audio)}" aria-label="播放 ${esc(work.title)}"></audio>`
    : "";
  return (
    `<figure class="embed embed-work"><a class="embed-open" href="/art/${work.artId}">${cover}` +
    `<span class="embed-text"><span class="embed-kind">${esc(work.kind)} · ${esc(work.author)}</span>` +
    `<strong>${esc(work.title)}</strong></span></a>${audio}</figure>\n`
  );
}

function linkBlock(url: URL, text: string): string {
  // The host is the address's own (any user and password before it dropped), whatever the words say.
  // Words that read as an address could name another site than the one it leads to: the path stands for them.
  const words = text && !/^(https?:|www\.)/i.test(text) ? text : url.pathname + url.search;
  return (
    `<a class="embed embed-link" href="${esc(outboundHref(url.href))}" rel="nofollow ugc noopener" target="_blank">` +
    `<span class="embed-host">${esc(url.host)}</span><strong>${esc(words)}</strong></a>\n`
  );
}

// A link on a line of its own is a block of the text: a work of this site shows as its card (a track with its player),
// any other web address as a card naming the site it leads to. The words of the text stay escaped; the block's own
// markup carries only escaped strings and numbers.
md.core.ruler.push("embeds", (state) => {
  const tokens = state.tokens;
  const { works, siteHost } = state.env as RenderEnv;
  if (!works) return;
  for (let i = 0; i + 2 < tokens.length; i++) {
    if (tokens[i].type !== "paragraph_open" || tokens[i + 1].type !== "inline" || tokens[i].level !== 0) continue;
    if (tokens[i + 2].type !== "paragraph_close") continue;
    const link = loneLink(tokens[i + 1]);
    if (!link) continue;
    const artId = workOf(link.href, siteHost);
    const work = artId ? works?.get(artId) : undefined;
    const url = artId ? null : leavingTo(link.href);
    if (!work && !url) continue;
    const block = new state.Token("html_block", "", 0);
    block.content = work ? workBlock(work) : linkBlock(url!, link.text);
    tokens.splice(i, 3, block);
  }
});

/** The works a text shows as blocks (a link to each on a line of its own), for looking them up before it is rendered. */
export function embedsIn(source: string, siteHost?: string): number[] {
  const ids = new Set<number>();
  for (const line of source.split("\n")) {
    // A link worth a block is one short line (leavingTo takes 2,000 characters at most); and after the address the
    // pattern only takes what the address cannot hold, so no line makes it try the same characters twice.
    if (line.length > 2_100) continue;
    const m = /^\s*(?:<([^\s>]+)>|\[[^\]\n]*\]\(\s*<?([^\s)>]+)>?(?:\s+"[^"\n]*")?\s*\)|(\S+))\s*$/.exec(line);
    const id = m ? workOf(m[1] ?? m[2] ?? m[3], siteHost) : null;
    if (id) ids.add(id);
  }
  return [...ids].slice(0, MAX_EMBEDS);
}
/** At most this many works are looked up for one text; a link past them stays a link. */
export const MAX_EMBEDS = 24;

/** The addresses of the pictures a text shows, for looking up their sizes before it is rendered. */
export function picturesIn(source: string): string[] {
  // A description is read up to 300 characters (a longer one's size is not looked up): unbounded, a line of "![![![…" was read again from every "![".
  return [...source.matchAll(/!\[[^\]\n]{0,300}\]\(\s*<?([^\s)>]+)/g)].map((m) => m[1]);
}

/**
 * A text as HTML. With `works` (a work's text, and its editor's preview), a link on a line of its own is a block: the
 * card of a work of this site (looked up by embedsIn) or of the site another address leads to.
 */
export function renderMarkdown(source: string, known: RenderEnv = {}): string {
  return md.render(source, { ...known });
}
