import { createRequire } from "node:module";
import { context, propagation, trace } from "@opentelemetry/api";
import { type Env, turnTracingOn } from "../api/index.ts";
import type { Logger } from "../contract/shared/log.ts";

/**
 * OpenTelemetry traces, when the standard variables ask for them (api/config/watch-env.ts): OTEL_EXPORTER_OTLP_ENDPOINT
 * or OTEL_EXPORTER_OTLP_TRACES_ENDPOINT, with OTEL_SERVICE_NAME and OTEL_TRACES_SAMPLER_ARG (the share of traces
 * kept, 1 by default); the exporter reads OTEL_EXPORTER_OTLP_HEADERS itself. Spans go out over OTLP/HTTP in batches.
 * The SDK is loaded only then: off, it costs the process nothing.
 */
export type Tracing = { shutdown: () => Promise<void> };

export async function startTracing(settings: Env["tracing"], release: string, log: Logger): Promise<Tracing | null> {
  if (!settings) return null;
  const [sdk, otlp, hooks, core, resources] = await Promise.all([
    import("@opentelemetry/sdk-trace"),
    import("@opentelemetry/exporter-trace-otlp-http"),
    import("@opentelemetry/context-async-hooks"),
    import("@opentelemetry/core"),
    import("@opentelemetry/resources"),
  ]);
  const provider = new sdk.TracerProvider({
    resource: resources.defaultResource().merge(
      resources.resourceFromAttributes({
        "service.name": settings.serviceName,
        "service.version": release,
        "service.instance.id": String(process.pid),
      }),
    ),
    sampler: new sdk.ParentBasedSampler({ root: new sdk.TraceIdRatioBasedSampler(settings.sampleRatio) }),
    spanProcessors: [
      new sdk.BatchSpanProcessor({ exporter: new otlp.OTLPTraceExporter({ url: tracesUrl(settings.endpoint) }) }),
    ],
  });
  context.setGlobalContextManager(new hooks.AsyncLocalStorageContextManager().enable());
  propagation.setGlobalPropagator(new core.W3CTraceContextPropagator());
  trace.setGlobalTracerProvider(provider);
  await traceRedis();
  turnTracingOn();
  log.info("tracing on", { endpoint: settings.endpoint });
  return {
    shutdown: async () => {
      turnTracingOn(false);
      await provider.shutdown().catch((err: unknown) => log.warn("traces not all sent", { error: String(err) }));
    },
  };
}

/** OTEL_EXPORTER_OTLP_ENDPOINT names the collector; traces go to its /v1/traces (a TRACES_ENDPOINT is used as it is). */
const tracesUrl = (endpoint: string) =>
  /\/v1\/traces\/?$/.test(endpoint) ? endpoint : `${endpoint.replace(/\/+$/, "")}/v1/traces`;

/**
 * Redis commands as spans, by OpenTelemetry's own ioredis instrumentation applied to the module this process already
 * loaded: its automatic loader hooks cannot reach a module imported before them, as ESM imports are.
 */
async function traceRedis() {
  const { IORedisInstrumentation } = await import("@opentelemetry/instrumentation-ioredis");
  const require = createRequire(import.meta.url);
  const instrumentation = new IORedisInstrumentation({ enabled: false, requireParentSpan: true });
  const { version } = require("ioredis/package.json") as { version: string };
  for (const def of instrumentation.getModuleDefinitions()) def.patch?.(require("ioredis"), version);
}
