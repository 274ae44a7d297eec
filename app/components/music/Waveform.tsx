import { useEffect, useRef, useState, type RefObject } from "react";
import { peaksOf } from "./peaks.ts";

const BARS = 120;

/**
 * The song's waveform above its player, drawn in the browser from the file itself (Web Audio decodes it; no
 * service of ours reads it). It is also a seek bar: a click or the arrow keys move the song. Without JavaScript, or
 * when the browser cannot decode the file, the player alone stays, as it works on its own.
 */
export function Waveform({
  src,
  audio,
  title,
}: {
  src: string;
  audio: RefObject<HTMLAudioElement | null>;
  title: string;
}) {
  const [peaks, setPeaks] = useState<number[] | null>(null);
  const [at, setAt] = useState({ time: 0, duration: 0 });
  const box = useRef<HTMLDivElement>(null);

  useEffect(() => {
    let gone = false;
    (async () => {
      try {
        const bytes = await (await fetch(src)).arrayBuffer();
        const context = new AudioContext();
        const decoded = await context.decodeAudioData(bytes);
        void context.close();
        if (!gone) setPeaks(peaksOf(decoded.getChannelData(0), BARS));
      } catch {
        // no waveform: the player still plays
      }
    })();
    return () => {
      gone = true;
    };
  }, [src]);

  useEffect(() => {
    const el = audio.current;
    if (!el) return;
    const tick = () => setAt({ time: el.currentTime, duration: Number.isFinite(el.duration) ? el.duration : 0 });
    tick();
    for (const e of ["timeupdate", "durationchange", "loadedmetadata", "seeked"]) el.addEventListener(e, tick);
    return () => {
      for (const e of ["timeupdate", "durationchange", "loadedmetadata", "seeked"]) el.removeEventListener(e, tick);
    };
  }, [audio]);

  if (!peaks) return null;
  const seek = (time: number) => {
    const el = audio.current;
    if (el && at.duration) el.currentTime = Math.min(at.duration, Math.max(0, time));
  };
  const played = at.duration ? at.time / at.duration : 0;
  return (
    <div
      ref={box}
      role="slider"
      tabIndex={0}
      aria-label={`${title} 播放进度`}
      aria-valuemin={0}
      aria-valuemax={Math.round(at.duration)}
      aria-valuenow={Math.round(at.time)}
      aria-valuetext={`${Math.floor(at.time / 60)}分${Math.floor(at.time % 60)}秒`}
      data-testid="waveform"
      className="mb-2 flex h-16 cursor-pointer items-center gap-px rounded-lg focus-visible:outline-2 focus-visible:outline-primary"
      onClick={(e) => {
        const r = e.currentTarget.getBoundingClientRect();
        seek(((e.clientX - r.left) / r.width) * at.duration);
      }}
      onKeyDown={(e) => {
        const step = e.key === "ArrowRight" ? 5 : e.key === "ArrowLeft" ? -5 : 0;
        if (!step) return;
        e.preventDefault();
        // From where the song is now: a click's seek reaches the drawn time only with the next `seeked` event.
        seek((audio.current?.currentTime ?? at.time) + step);
      }}
    >
      {peaks.map((p, i) => (
        <span
          key={i}
          aria-hidden
          className={`min-w-0 flex-1 rounded-sm ${i / peaks.length < played ? "bg-primary" : "bg-muted/45"}`}
          style={{ height: `${Math.max(6, p * 100)}%` }}
        />
      ))}
    </div>
  );
}
