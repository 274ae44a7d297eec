import { useState } from "react";
import { useLocation } from "react-router";
import type { Flash } from "../lib/flash.server.ts";
import { toastAnimationMs } from "./toast-time.ts";

/**
 * One toast at the top centre; CSS shows it for as long as its text takes to read (app/components/toast-time.ts) and fades it,
 * with or without JavaScript. An outcome to act on (Flash.stay, e.g. "a mail was sent") stays instead, at the foot of
 * the window where it covers nothing one came to click, until closed or the reader moves to another page.
 */
export function Toast({ flash }: { flash: Flash | null }) {
  if (!flash) return null;
  const tone = flash.kind === "success" ? "bg-success text-on-success" : "bg-danger text-on-danger";
  const role = flash.kind === "error" ? "alert" : "status";
  if (flash.stay) return <Notice key={`${flash.id}-${flash.text}`} text={flash.text} role={role} tone={tone} />;
  return (
    <div
      key={`${flash.id}-${flash.text}`}
      role={role}
      className={`toast fixed left-1/2 top-16 z-[60] rounded-lg px-4 py-2 text-sm shadow-lg ${tone}`}
      style={{ animationDuration: `${toastAnimationMs(flash.text)}ms` }}
    >
      {flash.text}
    </div>
  );
}

function Notice({ text, role, tone }: { text: string; role: "alert" | "status"; tone: string }) {
  const { pathname } = useLocation();
  const [shownAt] = useState(pathname);
  const [open, setOpen] = useState(true);
  // The root's data (and so the flash) outlives client-side navigation: the notice belongs to the page it came with.
  if (!open || pathname !== shownAt) return null;
  return (
    <div
      role={role}
      className={`fixed bottom-4 left-1/2 z-[60] flex w-[min(36rem,calc(100%-2rem))] -translate-x-1/2 items-start gap-3 rounded-lg px-4 py-3 text-sm shadow-lg ${tone}`}
      data-testid="notice"
    >
      <p className="flex-1">{text}</p>
      <button
        type="button"
        aria-label="关闭提示"
        className="shrink-0 opacity-80 hover:opacity-100"
        onClick={() => setOpen(false)}
      >
        ✕
      </button>
    </div>
  );
}
