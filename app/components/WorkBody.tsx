import { useRef } from "react";
import { Waveform } from "./music/Waveform.tsx";
import type { WorkDetailView } from "../../contract/works/views.ts";
import { formatDuration, hostOf, workTitle } from "../lib/work.ts";
import { Gallery } from "./Gallery.tsx";
import { WorkType } from "../../contract/shared/kinds.ts";
import { outboundHref } from "../../contract/shared/outbound.ts";

/**
 * What a work shows by kind: where a link goes, a project's homepage, the music player, pictures (unless the page
 * shows them across its width already), the text.
 */
export function WorkBody({ work, pictures = true }: { work: WorkDetailView; pictures?: boolean }) {
  const title = workTitle(work);
  const player = useRef<HTMLAudioElement>(null);
  const isPost = work.type === WorkType.post;
  return (
    <>
      {work.type === WorkType.link && work.url && (
        <a
          href={outboundHref(work.url)}
          target="_blank"
          rel="nofollow ugc noopener noreferrer"
          className="mb-5 flex items-center justify-between gap-3 rounded-xl border border-line bg-surface-2 p-4 hover:border-primary"
          data-testid="link-target"
        >
          <span className="min-w-0">
            <span className="block text-sm text-muted">将前往</span>
            <span className="block truncate font-medium text-primary">{hostOf(work.url)}</span>
            <span className="block truncate text-xs text-muted">{work.url}</span>
          </span>
          <span aria-hidden className="text-xl">
            ↗
          </span>
        </a>
      )}
      {work.type === WorkType.project && work.url && (
        <p className="mb-5 flex flex-wrap items-center gap-3">
          <a
            href={outboundHref(work.url)}
            target="_blank"
            rel="nofollow ugc noopener noreferrer"
            className="inline-flex items-center gap-1 rounded-full bg-primary px-4 py-1.5 text-sm text-on-primary"
          >
            项目主页 ↗
          </a>
          <span className="truncate text-sm text-muted">{hostOf(work.url)}</span>
        </p>
      )}
      {(work.type === WorkType.project || work.type === WorkType.link) && work.summary && (
        <p className="mb-5 text-muted">{work.summary}</p>
      )}
      {work.type === WorkType.music && work.audio && (
        <figure className="mb-5 rounded-xl bg-surface-2 p-4">
          <figcaption className="mb-2 text-sm text-muted">
            ♪ {title} · {formatDuration(work.duration)}
          </figcaption>
          <Waveform src={work.audio} audio={player} title={title} />
          <audio
            ref={player}
            controls
            preload="metadata"
            src={work.audio}
            className="w-full"
            aria-label={`播放 ${title}`}
            data-testid="audio-player"
          >
            你的浏览器不支持音频播放，<a href={work.audio}>下载收听</a>。
          </audio>
        </figure>
      )}
      {pictures && work.images.length > 0 && <Gallery images={work.images} title={title} />}
      {work.contentHtml ? (
        <div className="prose-work leading-relaxed" dangerouslySetInnerHTML={{ __html: work.contentHtml }} />
      ) : (
        !isPost &&
        work.content &&
        work.type !== WorkType.link && <p className="whitespace-pre-wrap break-words leading-relaxed">{work.content}</p>
      )}
    </>
  );
}
