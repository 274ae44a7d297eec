import { useEffect, useRef, useState, type PointerEvent } from "react";

/** The part of the picture that becomes the avatar, as the API reads it: fractions of the picture's sides. */
export type Crop = { x: number; y: number; size: number };

const VIEW = 260;

/** The largest centred square, as fractions: `size` of the shorter side, `x`/`y` of the width/height. */
export function centredCrop(width: number, height: number, size = 1): Crop {
  const side = Math.min(width, height) * size;
  return { x: (width - side) / 2 / width, y: (height - side) / 2 / height, size };
}

/** Moves a crop by a distance in pixels of the picture, keeping the square inside it. */
export function movedCrop(crop: Crop, width: number, height: number, dx: number, dy: number): Crop {
  const side = Math.min(width, height) * crop.size;
  const clamp = (v: number, max: number) => Math.max(0, Math.min(max, v));
  return {
    size: crop.size,
    x: clamp(crop.x * width + dx, width - side) / width,
    y: clamp(crop.y * height + dy, height - side) / height,
  };
}

/**
 * With JavaScript, choosing a picture shows it with a square to drag and a slider to size it; the square's place
 * goes with the file as cropX, cropY and cropSize. Without JavaScript the file input alone posts, and the server
 * cuts the centred square.
 */
export function AvatarCropper({ picked }: { picked: File | null }) {
  const [image, setImage] = useState<{ url: string; width: number; height: number } | null>(null);
  const [crop, setCrop] = useState<Crop>({ x: 0, y: 0, size: 1 });
  const drag = useRef<{ x: number; y: number } | null>(null);
  useEffect(() => {
    if (!picked) return setImage(null);
    const url = URL.createObjectURL(picked);
    const img = new Image();
    img.onload = () => {
      setImage({ url, width: img.naturalWidth, height: img.naturalHeight });
      setCrop(centredCrop(img.naturalWidth, img.naturalHeight));
    };
    img.src = url;
    return () => URL.revokeObjectURL(url);
  }, [picked]);
  if (!image) return null;
  const scale = VIEW / Math.max(image.width, image.height);
  const side = Math.min(image.width, image.height) * crop.size * scale;
  const onMove = (e: PointerEvent) => {
    if (!drag.current) return;
    const dx = (e.clientX - drag.current.x) / scale;
    const dy = (e.clientY - drag.current.y) / scale;
    drag.current = { x: e.clientX, y: e.clientY };
    setCrop((c) => movedCrop(c, image.width, image.height, dx, dy));
  };
  return (
    <div className="w-full space-y-2" data-testid="avatar-cropper">
      <div
        className="relative touch-none select-none overflow-hidden rounded-lg bg-surface-2"
        style={{ width: image.width * scale, height: image.height * scale }}
      >
        <img src={image.url} alt="选择的图片" className="block h-full w-full" draggable={false} />
        <div
          role="slider"
          aria-label="头像范围，拖动调整位置"
          aria-valuemin={20}
          aria-valuemax={100}
          aria-valuenow={Math.round(crop.size * 100)}
          tabIndex={0}
          onKeyDown={(e) => {
            const step = Math.max(image.width, image.height) / 50;
            const [dx, dy] = (
              { ArrowLeft: [-step, 0], ArrowRight: [step, 0], ArrowUp: [0, -step], ArrowDown: [0, step] } as const
            )[e.key as "ArrowLeft"] ?? [0, 0];
            if (!dx && !dy) return;
            e.preventDefault();
            setCrop((c) => movedCrop(c, image.width, image.height, dx, dy));
          }}
          className="absolute cursor-move rounded-full border-2 border-white shadow-[0_0_0_9999px_rgba(0,0,0,0.45)]"
          style={{ left: crop.x * image.width * scale, top: crop.y * image.height * scale, width: side, height: side }}
          onPointerDown={(e) => {
            e.currentTarget.setPointerCapture(e.pointerId);
            drag.current = { x: e.clientX, y: e.clientY };
          }}
          onPointerMove={onMove}
          onPointerUp={() => (drag.current = null)}
        />
      </div>
      <label className="flex items-center gap-2 text-xs text-muted">
        大小
        <input
          type="range"
          min={20}
          max={100}
          value={Math.round(crop.size * 100)}
          aria-label="头像范围大小"
          onChange={(e) => {
            const size = Number(e.currentTarget.value) / 100;
            setCrop((c) => movedCrop({ ...c, size }, image.width, image.height, 0, 0));
          }}
        />
      </label>
      <input type="hidden" name="cropX" value={crop.x.toFixed(4)} />
      <input type="hidden" name="cropY" value={crop.y.toFixed(4)} />
      <input type="hidden" name="cropSize" value={crop.size.toFixed(4)} />
    </div>
  );
}
