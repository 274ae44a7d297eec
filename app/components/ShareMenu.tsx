import { useState } from "react";
import { Dropdown } from "./Dropdown.tsx";

/** Where 微博 and QQ take a link to share: their own share pages, with the work's address, title and poster. */
export function shareLinks(url: string, title: string, poster: string | null) {
  const q = (params: Record<string, string>) => new URLSearchParams(params).toString();
  return [
    {
      label: "微博",
      href: `https://service.weibo.com/share/share.php?${q({ url, title, ...(poster ? { pic: poster } : {}) })}`,
    },
    {
      label: "QQ",
      href: `https://connect.qq.com/widget/shareqq/index.html?${q({ url, title, ...(poster ? { pics: poster } : {}) })}`,
    },
  ];
}

/**
 * Share: the link to copy (a button with JavaScript, a selectable field without), 微博 and QQ, the poster the server
 * draws (cover, title, author and QR code) and a QR code for WeChat.
 */
export function ShareMenu({
  url,
  title,
  qrSrc,
  posterSrc,
}: {
  url: string;
  title: string;
  qrSrc: string;
  /** The poster's address; null for a work out of sight. */
  posterSrc: string | null;
}) {
  const poster = posterSrc ? new URL(posterSrc, url).href : null;
  const [copied, setCopied] = useState(false);
  return (
    <Dropdown
      label="分享"
      align="right"
      summary={
        <span className="flex items-center gap-1.5 rounded-full border border-line px-4 py-1.5 text-sm hover:border-primary hover:text-primary">
          ↗ 分享
        </span>
      }
    >
      <div className="w-64 space-y-3 p-2" data-testid="share-menu">
        <div>
          <label htmlFor="share-url" className="text-xs text-muted">
            作品链接
          </label>
          <div className="mt-1 flex gap-2">
            <input
              id="share-url"
              readOnly
              value={url}
              onFocus={(e) => e.currentTarget.select()}
              className="min-w-0 flex-1 rounded-lg border border-line bg-surface-2 px-2 py-1 text-xs"
            />
            <button
              type="button"
              onClick={async () => {
                try {
                  await navigator.clipboard.writeText(url);
                  setCopied(true);
                  setTimeout(() => setCopied(false), 1500);
                } catch {
                  document.getElementById("share-url")?.focus();
                }
              }}
              className="shrink-0 rounded-lg bg-primary px-2 py-1 text-xs text-on-primary"
            >
              {copied ? "已复制" : "复制链接"}
            </button>
          </div>
        </div>
        <p className="flex flex-wrap items-center gap-2 text-xs">
          {shareLinks(url, title, poster).map((s) => (
            <a
              key={s.label}
              href={s.href}
              target="_blank"
              rel="noopener noreferrer"
              className="rounded-full border border-line px-3 py-1 hover:border-primary hover:text-primary"
            >
              分享到{s.label}
            </a>
          ))}
          {posterSrc && (
            <a
              href={posterSrc}
              download="poster.png"
              className="rounded-full border border-line px-3 py-1 hover:border-primary hover:text-primary"
            >
              分享海报
            </a>
          )}
        </p>
        <figure className="text-center">
          <img
            src={qrSrc}
            alt="作品链接的二维码"
            width={160}
            height={160}
            loading="lazy"
            className="mx-auto h-40 w-40 rounded-lg bg-white p-2"
          />
          <figcaption className="mt-1 text-xs text-muted">微信扫一扫，分享给朋友</figcaption>
        </figure>
      </div>
    </Dropdown>
  );
}
