import { oauthLabels, type OAuthProvider } from "../../../contract/signin/ways-in.ts";

/** The mark each provider is known by, drawn small: GitHub's octocat outline, the others' initials. */
function ProviderMark({ provider }: { provider: OAuthProvider }) {
  if (provider === "github")
    return (
      <svg viewBox="0 0 16 16" width="18" height="18" aria-hidden="true" fill="currentColor">
        <path d="M8 0C3.58 0 0 3.58 0 8c0 3.54 2.29 6.53 5.47 7.59.4.07.55-.17.55-.38 0-.19-.01-.82-.01-1.49-2.01.37-2.53-.49-2.69-.94-.09-.23-.48-.94-.82-1.13-.28-.15-.68-.52-.01-.53.63-.01 1.08.58 1.23.82.72 1.21 1.87.87 2.33.66.07-.52.28-.87.51-1.07-1.78-.2-3.64-.89-3.64-3.95 0-.87.31-1.59.82-2.15-.08-.2-.36-1.02.08-2.12 0 0 .67-.21 2.2.82.64-.18 1.32-.27 2-.27.68 0 1.36.09 2 .27 1.53-1.04 2.2-.82 2.2-.82.44 1.1.16 1.92.08 2.12.51.56.82 1.27.82 2.15 0 3.07-1.87 3.75-3.65 3.95.29.25.54.73.54 1.48 0 1.07-.01 1.93-.01 2.2 0 .21.15.46.55.38A8.013 8.013 0 0016 8c0-4.42-3.58-8-8-8z" />
      </svg>
    );
  const [mark, colour] = marks[provider];
  return (
    <span
      aria-hidden="true"
      className={`grid h-[18px] w-[18px] place-items-center rounded-full text-[10px] font-bold text-white ${colour}`}
    >
      {mark}
    </span>
  );
}

/** A provider's initial on its own colour, dark enough for white on it. */
const marks: Record<Exclude<OAuthProvider, "github">, [string, string]> = {
  wechat: ["微", "bg-emerald-700"],
  weibo: ["博", "bg-danger"],
  qq: ["Q", "bg-sky-700"],
  osc: ["开", "bg-emerald-700"],
};

/**
 * 其他登录方式: one link per provider the site has set up. A plain link, so the browser itself goes to the
 * provider (a document navigation, with or without JavaScript).
 */
export function OAuthButtons({ providers, refPath }: { providers: OAuthProvider[]; refPath: string }) {
  if (!providers.length) return null;
  return (
    <div className="mt-6" data-testid="oauth-buttons">
      <p className="relative text-center text-xs text-muted before:absolute before:top-1/2 before:left-0 before:w-full before:border-t before:border-line">
        <span className="relative bg-surface px-3">其他登录方式</span>
      </p>
      <div className="mt-4 flex flex-wrap justify-center gap-3">
        {providers.map((p) => (
          <a
            key={p}
            href={`/user/oauth/${p}?${new URLSearchParams({ ref: refPath })}`}
            className="flex items-center gap-2 rounded-full border border-line px-4 py-1.5 text-sm hover:border-primary hover:text-primary"
          >
            <ProviderMark provider={p} />
            {oauthLabels[p]}
          </a>
        ))}
      </div>
    </div>
  );
}
