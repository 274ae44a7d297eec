import { useState } from "react";
import { Dropdown } from "./Dropdown.tsx";

/** Share: the link to copy (a button with JavaScript, a selectable field without) and a QR code for WeChat. */
export function ShareMenu({ url, qrSrc }: { url: string; qrSrc: string }) {
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
