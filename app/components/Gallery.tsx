import { useEffect, useRef } from "react";
import type { ImageView } from "../../api/types.ts";
import { Picture } from "./Picture.tsx";

/**
 * The pictures of a work. Without JavaScript each opens the full image; with it, lightgallery opens them with
 * zoom, rotate and fullscreen (SPEC §9). The viewer is loaded only in the browser, on demand.
 */
export function Gallery({ images, title }: { images: ImageView[]; title: string }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    let gallery: { destroy: () => void } | undefined;
    let cancelled = false;
    (async () => {
      const [{ default: lightGallery }, { default: lgZoom }, { default: lgRotate }, { default: lgFullscreen }] = await Promise.all([
        import("lightgallery"),
        import("lightgallery/plugins/zoom"),
        import("lightgallery/plugins/rotate"),
        import("lightgallery/plugins/fullscreen"),
        import("lightgallery/css/lightgallery.css"),
        import("lightgallery/css/lg-zoom.css"),
        import("lightgallery/css/lg-rotate.css"),
        import("lightgallery/css/lg-fullscreen.css"),
      ]);
      if (cancelled || !ref.current) return;
      gallery = lightGallery(ref.current, {
        plugins: [lgZoom, lgRotate, lgFullscreen],
        selector: "a[data-gallery-item]",
        licenseKey: "0000-0000-000-0000",
        download: false,
        showZoomInOutIcons: true,
        speed: 300,
        mobileSettings: { controls: true, showCloseIcon: true, download: false },
      });
      ref.current.dataset.galleryReady = "true";
    })();
    return () => {
      cancelled = true;
      gallery?.destroy();
    };
  }, [images]);
  return (
    <div ref={ref} className="mb-5 space-y-3" data-testid="gallery">
      {images.map((img, i) => (
        <a
          key={img.url}
          href={img.url}
          data-gallery-item
          data-lg-size={img.width ? `${img.width}-${img.height}` : undefined}
          data-sub-html={img.alt ? `<p>${img.alt.replace(/[<>&"]/g, "")}</p>` : undefined}
          className="block overflow-hidden rounded-xl"
        >
          <Picture img={img} alt={img.alt || `${title} 第${i + 1}张`} sizes="(min-width: 1024px) 760px, 100vw" eager={i < 2} />
        </a>
      ))}
    </div>
  );
}
