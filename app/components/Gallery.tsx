import { useEffect, useId, useRef } from "react";
import type { ImageView } from "../../contract/works/views.ts";
import { escapeHtml } from "../../contract/shared/html.ts";
import { Picture, srcSet } from "./Picture.tsx";

type LightGallery = { openGallery: (index?: number) => void; destroy: () => void };

/**
 * What lightgallery shows for each picture. lightgallery builds its slides by concatenating strings (the alt text
 * goes into `<img alt="…">`, the caption into innerHTML), so every value we hand it is escaped here, and it is
 * given these items instead of reading the page's own attributes.
 */
export function galleryItems(images: ImageView[], title: string) {
  return images.map((img, i) => {
    const alt = img.alt || `${title} 第${i + 1}张`;
    const set = srcSet(img);
    return {
      src: escapeHtml(img.url),
      srcset: set ? escapeHtml(set) : undefined,
      sizes: set ? "100vw" : undefined,
      thumb: escapeHtml(img.variants?.["320"] ?? img.url),
      alt: escapeHtml(alt),
      subHtml: img.alt ? `<p>${escapeHtml(img.alt)}</p>` : "",
      lgSize: img.width ? `${img.width}-${img.height}` : undefined,
    };
  });
}

/** The viewer's buttons, named in Chinese for screen readers and tooltips (lightgallery wants every string given). */
export const viewerStrings = {
  strings: {
    closeGallery: "关闭",
    toggleMaximize: "切换大小",
    previousSlide: "上一张",
    nextSlide: "下一张",
    download: "下载",
    playVideo: "播放视频",
    mediaLoadingFailed: "图片加载失败",
  },
  zoomPluginStrings: { zoomIn: "放大", zoomOut: "缩小", viewActualSize: "原始大小" },
  rotatePluginStrings: {
    flipVertical: "上下翻转",
    flipHorizontal: "左右翻转",
    rotateLeft: "向左旋转",
    rotateRight: "向右旋转",
  },
  fullscreenPluginStrings: { toggleFullscreen: "全屏" },
};

/**
 * The pictures of a work. Without JavaScript each opens the full image; with it, lightgallery opens them with
 * zoom, rotate and fullscreen (requirements §9). The viewer is loaded only in the browser, on demand. `wide`: the
 * page's whole width, each picture at most its own size and the window's height, centred.
 */
export function Gallery({ images, title, wide = false }: { images: ImageView[]; title: string; wide?: boolean }) {
  const ref = useRef<HTMLDivElement>(null);
  const gallery = useRef<LightGallery | null>(null);
  // The viewer is a dialog: it is named by the work's title.
  const nameId = useId();
  useEffect(() => {
    let cancelled = false;
    (async () => {
      const [{ default: lightGallery }, { default: lgZoom }, { default: lgRotate }, { default: lgFullscreen }] =
        await Promise.all([
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
      gallery.current = lightGallery(ref.current, {
        plugins: [lgZoom, lgRotate, lgFullscreen],
        dynamic: true,
        dynamicEl: galleryItems(images, title),
        getCaptionFromTitleOrAlt: false,
        licenseKey: "0000-0000-000-0000",
        download: false,
        showZoomInOutIcons: true,
        speed: 300,
        mobileSettings: { controls: true, showCloseIcon: true, download: false },
        ...viewerStrings,
        ariaLabelledby: nameId,
      });
      ref.current.dataset.galleryReady = "true";
    })();
    return () => {
      cancelled = true;
      gallery.current?.destroy();
      gallery.current = null;
    };
  }, [images, title, nameId]);
  return (
    <div ref={ref} className="mb-5 space-y-3" data-testid="gallery">
      <span id={nameId} hidden>
        {`看图：${title}`}
      </span>
      {images.map((img, i) => (
        <a
          key={img.url}
          href={img.url}
          onClick={(e) => {
            if (!gallery.current || e.metaKey || e.ctrlKey || e.shiftKey || e.button !== 0) return;
            e.preventDefault();
            gallery.current.openGallery(i);
          }}
          className={wide ? "block" : "block overflow-hidden rounded-xl"}
        >
          <Picture
            img={img}
            alt={img.alt || `${title} 第${i + 1}张`}
            sizes={wide ? "(min-width: 1200px) 1100px, 100vw" : "(min-width: 1024px) 760px, 100vw"}
            eager={i < 2}
            lead={i === 0}
            fit={wide}
          />
        </a>
      ))}
    </div>
  );
}
