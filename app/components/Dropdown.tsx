import { useEffect, useRef, type ReactNode } from "react";
import { useLocation } from "react-router";

/**
 * A menu on <details>: it opens and closes without JavaScript; with it, a click outside, Escape, or a route
 * change closes it.
 */
export function Dropdown({
  summary,
  label,
  children,
  align = "left",
  className = "",
}: {
  summary: ReactNode;
  label: string;
  children: ReactNode;
  align?: "left" | "right";
  className?: string;
}) {
  const ref = useRef<HTMLDetailsElement>(null);
  const location = useLocation();
  // Close on a route change, but not when the page hydrates: a menu opened before then stays open.
  const openedAt = useRef(location.key);
  useEffect(() => {
    if (openedAt.current === location.key) return;
    openedAt.current = location.key;
    if (ref.current) ref.current.open = false;
  }, [location.key]);
  useEffect(() => {
    const close = (e: Event) => {
      const el = ref.current;
      if (!el?.open) return;
      if (e instanceof KeyboardEvent ? e.key !== "Escape" : el.contains(e.target as Node)) return;
      // Escape from inside the menu hands the focus back to its button, not to the page's start.
      const inside = el.contains(document.activeElement);
      el.open = false;
      if (inside && e instanceof KeyboardEvent) el.querySelector("summary")?.focus();
    };
    document.addEventListener("click", close);
    document.addEventListener("keydown", close);
    return () => {
      document.removeEventListener("click", close);
      document.removeEventListener("keydown", close);
    };
  }, []);
  return (
    <details ref={ref} className={`group relative ${className}`}>
      <summary aria-label={label} className="flex items-center gap-1">
        {summary}
      </summary>
      <div
        className={`absolute top-full z-50 mt-2 min-w-44 rounded-xl border border-line bg-surface p-1.5 shadow-xl ${align === "right" ? "right-0" : "left-0"}`}
      >
        {children}
      </div>
    </details>
  );
}

export const menuItem = "flex w-full items-center gap-2 rounded-lg px-3 py-2 text-left text-sm hover:bg-surface-2";
