import { liveCardsByIds } from "../../db/queries/cards-by-id.ts";
import type { WorkRow } from "../../db/queries/works.ts";
import { pictureSizes } from "../../db/queries/uploads.ts";
import { embedsIn, picturesIn, renderMarkdown, type WorkEmbed } from "../../../contract/shared/markdown.ts";
import { kindLabel, type WorkTypeValue, WorkType } from "../../../contract/shared/kinds.ts";
import type { Deps } from "../deps.ts";
import { picturesOf } from "./pictures.ts";

/**
 * Article and project bodies as HTML, kept per process for the works read most: a work is read far more often
 * than it is edited, and markdown-it takes a millisecond or more over a long article. Checked against the text and
 * the works it shows as blocks, so an edit of either is rendered afresh.
 */
const BODIES_KEPT = 300;
type Kept = { content: string; embeds: number[]; rows: readonly WorkRow[]; worksSeen: string; html: string };
const NO_ROWS: readonly WorkRow[] = [];
const bodies = new Map<number, Kept>();

function keep(id: number, kept: Kept): Kept {
  // Most recently read last: the first entry is the one to let go.
  bodies.delete(id);
  bodies.set(id, kept);
  if (bodies.size > BODIES_KEPT) bodies.delete(bodies.keys().next().value!);
  return kept;
}

/** The width of the picture a block shows: a display size, never the largest file. */
const EMBED_WIDTH = 480;

/** A live work as a block of another's text shows it (contract/shared/markdown.ts). */
function embedOf(row: WorkRow): WorkEmbed {
  const { cover } = picturesOf(row);
  const sizes = Object.entries(cover?.variants ?? {})
    .map(([w, url]) => ({ width: Number(w), url }))
    .sort((a, b) => a.width - b.width);
  const shown = sizes.find((s) => s.width >= EMBED_WIDTH) ?? sizes.at(-1);
  const scaled = (width: number) => (cover?.width ? Math.round((cover.height * width) / cover.width) : 0);
  return {
    artId: row.id,
    kind: kindLabel[row.type as WorkTypeValue],
    title: row.title || row.summary || row.text_head.slice(0, 60) || "无标题",
    author: row.user_nickname,
    cover: shown
      ? { url: shown.url, width: shown.width, height: scaled(shown.width) }
      : cover && { url: cover.url, width: cover.width, height: cover.height },
    audio: row.type === WorkType.music && row.audio ? row.audio : null,
  };
}

/**
 * A work's body as bodyHtml keeps it, and the other works it shows as blocks (by id: a stored page of it stands on
 * them too, api/lib/page-topics.ts). Those works are read each time (one indexed read, only for a text that has such a
 * link), so a block follows its work's edits and disappears with it; rendered afresh, the pictures' stored sizes are
 * looked up first (picture rows).
 */
export async function bodyOf(deps: Deps, id: number, content: string): Promise<{ html: string; embeds: number[] }> {
  const kept = bodies.get(id);
  const siteHost = new URL(deps.signin.siteUrl).host;
  const embeds = kept?.content === content ? kept.embeds : embedsIn(content, siteHost).filter((n) => n !== id);
  // Through the listing cache, which every write forgets: the same rows while nothing changed, so a kept body is
  // known good without drawing its blocks again.
  const rows = embeds.length
    ? await deps.listings.rows(JSON.stringify(["embeds", embeds]), () => liveCardsByIds(deps.db, embeds))
    : NO_ROWS;
  if (kept?.content === content && kept.rows === rows) return { html: keep(id, kept).html, embeds };
  const works = new Map(rows.map((r) => [r.id, embedOf(r)]));
  const worksSeen = works.size ? JSON.stringify([...works.values()]) : "";
  if (kept?.content === content && kept.worksSeen === worksSeen)
    return { html: keep(id, { ...kept, rows }).html, embeds };
  const urls = picturesIn(content);
  const sizes = urls.length > 1 ? await pictureSizes(deps.db, urls) : undefined;
  const html = renderMarkdown(content, { works, sizes, siteHost });
  return { html: keep(id, { content, embeds, rows, worksSeen, html }).html, embeds };
}
