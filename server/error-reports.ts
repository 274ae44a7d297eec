import type { Logger } from "../contract/shared/log.ts";
import { hideCredentials, sendErrorsWith } from "../api/index.ts";

/**
 * Server errors to a Sentry-compatible endpoint (Sentry, or GlitchTip self-hosted), through Sentry's own core client
 * (@sentry/core: the envelope format, rate limits and retries as the service expects them), without its Node SDK's
 * automatic instrumentation: what is reported is chosen here (api/lib/error-reports.ts), and carries the release,
 * the route, the request id and the process, never the person (sendDefaultPii off, no request data attached,
 * passwords in addresses hidden). Loaded only with SENTRY_DSN.
 */
export type ErrorReports = { flush: (ms: number) => Promise<void> };

export async function startErrorReports(
  settings: { dsn: string; release: string },
  log: Logger,
): Promise<ErrorReports> {
  const core = await import("@sentry/core");
  const { ServerRuntimeClient, nodeStackLineParser } = await import("@sentry/core/server");
  const client = new ServerRuntimeClient({
    dsn: settings.dsn,
    release: settings.release,
    sendDefaultPii: false,
    integrations: [core.dedupeIntegration(), core.linkedErrorsIntegration()],
    stackParser: core.createStackParser(nodeStackLineParser()),
    platform: "node",
    runtime: { name: "node", version: process.version },
    transport: (options) =>
      core.createTransport(options, async (request) => {
        const res = await fetch(options.url, {
          method: "POST",
          body: request.body as BodyInit,
          signal: AbortSignal.timeout(5_000),
        });
        return {
          statusCode: res.status,
          headers: {
            "retry-after": res.headers.get("retry-after"),
            "x-sentry-rate-limits": res.headers.get("x-sentry-rate-limits"),
          },
        };
      }),
    beforeSend(event) {
      for (const value of event.exception?.values ?? []) if (value.value) value.value = hideCredentials(value.value);
      if (event.message) event.message = hideCredentials(event.message);
      delete event.user;
      delete event.request;
      return event;
    },
  });
  client.init();
  sendErrorsWith(({ error, where, route, requestId }) => {
    const scope = new core.Scope();
    scope.setTags({
      where,
      pid: String(process.pid),
      ...(route ? { route } : {}),
      ...(requestId ? { request_id: requestId } : {}),
    });
    client.captureException(error, { originalException: error }, scope);
  });
  log.info("error reports on", { to: new URL(settings.dsn).host });
  return {
    flush: async (ms) => {
      await Promise.resolve(client.flush(ms)).catch(() => false);
    },
  };
}
