import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";
import { listenForBrowserErrors, reportBrowserError } from "./lib/error-reports.client.ts";

// React Router's own start, with React's error hooks reporting (when SENTRY_DSN is set): a hydration mismatch it
// recovered from, an error a boundary caught, one nothing caught.
listenForBrowserErrors();
startTransition(() => {
  hydrateRoot(
    document,
    <StrictMode>
      <HydratedRouter />
    </StrictMode>,
    {
      onRecoverableError: (error) => reportBrowserError(error, "hydration"),
      onCaughtError: (error) => reportBrowserError(error, "boundary"),
      onUncaughtError: (error) => reportBrowserError(error, "uncaught"),
    },
  );
});
