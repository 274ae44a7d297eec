import type { Flash } from "../lib/flash.server.ts";

/** One toast at the top centre; CSS keeps it 800ms and fades it, with or without JavaScript. */
export function Toast({ flash }: { flash: Flash | null }) {
  if (!flash) return null;
  const tone = flash.kind === "success" ? "bg-emerald-600" : "bg-danger";
  return (
    <div
      key={`${flash.id}-${flash.text}`}
      role={flash.kind === "error" ? "alert" : "status"}
      className={`toast fixed left-1/2 top-16 z-[60] rounded-lg px-4 py-2 text-sm text-white shadow-lg ${tone}`}
    >
      {flash.text}
    </div>
  );
}
