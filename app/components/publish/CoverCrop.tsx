import { useState } from "react";

/**
 * Where cards crop the cover (they all share the 4:3 shape): two sliders that post coverX and coverY, percent from
 * the left and the top, which work without JavaScript. With it, the card's crop is previewed as the sliders move,
 * and a click on the whole picture puts the centre of the crop there.
 */
export function CoverCrop({
  url,
  initial,
  onChange,
}: {
  url: string;
  initial: [number, number];
  onChange?: () => void;
}) {
  const [[x, y], setPoint] = useState(initial);
  const setFocus = (point: [number, number]) => {
    setPoint(point);
    onChange?.();
  };
  const position = `${x}% ${y}%`;
  return (
    <fieldset className="rounded-xl border border-line p-3" data-testid="cover-crop">
      <legend className="px-1 text-sm font-medium">
        卡片封面 <span className="font-normal text-muted">（列表中的卡片按 4:3 裁切，可选保留哪一部分）</span>
      </legend>
      <div className="flex flex-wrap items-start gap-4">
        <button
          type="button"
          aria-label="点选裁切中心"
          className="relative w-28 shrink-0 cursor-crosshair overflow-hidden rounded-lg bg-surface-2 sm:w-40"
          onClick={(e) => {
            const box = e.currentTarget.getBoundingClientRect();
            const clamp = (n: number) => Math.min(100, Math.max(0, Math.round(n)));
            setFocus([
              clamp(((e.clientX - box.left) / box.width) * 100),
              clamp(((e.clientY - box.top) / box.height) * 100),
            ]);
          }}
        >
          <img src={url} alt="" className="block h-auto w-full" />
          <span
            aria-hidden
            className="pointer-events-none absolute h-3 w-3 -translate-x-1/2 -translate-y-1/2 rounded-full border-2 border-white bg-primary shadow"
            style={{ left: `${x}%`, top: `${y}%` }}
          />
        </button>
        <div className="w-28 shrink-0 sm:w-40">
          <img
            src={url}
            alt="卡片封面预览"
            className="block aspect-[4/3] h-auto w-full rounded-lg object-cover"
            style={{ objectPosition: position }}
            data-testid="cover-preview"
          />
        </div>
        <div className="min-w-40 flex-1 space-y-2 text-sm">
          <label className="block">
            水平位置
            <input
              type="range"
              name="coverX"
              min={0}
              max={100}
              value={x}
              onChange={(e) => setFocus([Number(e.target.value), y])}
              className="block w-full accent-primary"
            />
          </label>
          <label className="block">
            垂直位置
            <input
              type="range"
              name="coverY"
              min={0}
              max={100}
              value={y}
              onChange={(e) => setFocus([x, Number(e.target.value)])}
              className="block w-full accent-primary"
            />
          </label>
        </div>
      </div>
    </fieldset>
  );
}
