import { Outlet } from "react-router";
import type { Route } from "./+types/default";
import { DesktopBar } from "../../components/DesktopBar.tsx";
import { ErrorView } from "../../components/ErrorView.tsx";
import { Footer } from "../../components/Footer.tsx";
import { MobileBar } from "../../components/MobileBar.tsx";
import { useSite } from "../../lib/site.ts";

/** The default layout: top bars, the page, the footer. */
export function Shell({ children, footer = true }: { children: React.ReactNode; footer?: boolean }) {
  const site = useSite();
  if (!site) return <>{children}</>;
  return (
    <>
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:fixed focus:left-2 focus:top-2 focus:z-[70] focus:rounded focus:bg-surface focus:px-3 focus:py-2"
      >
        跳到正文
      </a>
      <DesktopBar {...site} />
      <MobileBar {...site} />
      <div id="main" className="min-h-[70vh]">
        {children}
      </div>
      {footer && <Footer config={site.config} />}
    </>
  );
}

export default function DefaultLayout() {
  return (
    <Shell>
      <Outlet />
    </Shell>
  );
}

/** The error page inside the site's frame, so the top bars stay usable. */
export function ShellError({ error, footer = true }: { error: unknown; footer?: boolean }) {
  return (
    <Shell footer={footer}>
      <ErrorView error={error} />
    </Shell>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ShellError error={error} />;
}
