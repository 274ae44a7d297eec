import { useFetcher, useLocation } from "react-router";
import type { Theme } from "../lib/theme.ts";
import { useHydrated } from "../lib/hydrated.ts";

const options: { value: Theme; label: string; icon: string }[] = [
  { value: "light", label: "浅色", icon: "☀" },
  { value: "dark", label: "深色", icon: "☾" },
  { value: "system", label: "跟随系统", icon: "◐" },
];

/** Colour mode: a form post that sets a cookie (works without JavaScript); with it, the page switches at once. */
export function ThemeMenu({ theme, compact = false }: { theme: Theme; compact?: boolean }) {
  const fetcher = useFetcher();
  const location = useLocation();
  // Without JavaScript the action redirects back to this page; with it, the fetcher stays where it is.
  const hydrated = useHydrated();
  const pending = fetcher.formData?.get("theme") as Theme | undefined;
  const current = pending ?? theme;
  return (
    <fetcher.Form
      method="post"
      action="/theme"
      className={compact ? "flex gap-1" : "flex items-center gap-0.5 rounded-full border border-line p-0.5"}
      aria-label="颜色模式"
      onSubmit={(e) => {
        const submitter = (e.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | null;
        if (!submitter?.value) return;
        document.documentElement.dataset.theme = submitter.value;
        // Kept at once (the same cookie the server sets), so a reload before the post returns keeps the choice.
        document.cookie = `theme=${submitter.value}; path=/; max-age=${365 * 86400}; samesite=lax`;
      }}
    >
      {!hydrated && <input type="hidden" name="redirectTo" value={location.pathname + location.search} />}
      {options.map((o) => (
        <button
          key={o.value}
          type="submit"
          name="theme"
          value={o.value}
          title={o.label}
          aria-label={o.label}
          aria-pressed={current === o.value}
          className={`flex h-7 min-w-7 items-center justify-center rounded-full px-1.5 text-sm ${
            current === o.value ? "bg-primary-soft text-primary" : "text-muted hover:text-fg"
          }`}
        >
          <span aria-hidden>{o.icon}</span>
          {compact && <span className="ml-1 text-xs">{o.label}</span>}
        </button>
      ))}
    </fetcher.Form>
  );
}
