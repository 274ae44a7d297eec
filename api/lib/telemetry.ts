import { context, propagation, SpanKind, SpanStatusCode, trace, type Attributes, type Span } from "@opentelemetry/api";

/**
 * Spans for OpenTelemetry traces, through the standard API. Off (the default: no OTEL_EXPORTER_OTLP_ENDPOINT) every
 * helper here is a check of one flag and nothing else; server/tracing.ts turns it on once it has registered the SDK.
 * A trace runs from the page's request (server/observe.ts) through its loaders' API calls (api/serve/transport.ts) to
 * each SQL statement (api/db/index.ts) and each Redis and object-store command.
 */
let on = false;
export const tracingOn = () => on;
export const turnTracingOn = (value = true) => void (on = value);

const tracer = () => trace.getTracer("yishe");

/** Runs `work` inside a span when tracing is on; just runs it when off. A throw marks the span failed. */
export function inSpan<T>(
  name: string,
  /** A function when working them out costs something: it runs only when tracing is on. */
  attributes: Attributes | (() => Attributes),
  work: (span?: Span) => Promise<T>,
  kind: SpanKind = SpanKind.INTERNAL,
): Promise<T> {
  if (!on) return work();
  const attrs = typeof attributes === "function" ? attributes() : attributes;
  return tracer().startActiveSpan(name, { kind, attributes: attrs }, async (span) => {
    try {
      return await work(span);
    } catch (err) {
      failed(span, err);
      throw err;
    } finally {
      span.end();
    }
  });
}

/** A span for work already done and timed by someone else (Kysely times each statement): `ms` long, ended now. */
export function pastSpan(name: string, attributes: Attributes, ms: number, error?: unknown) {
  if (!on) return;
  const end = Date.now();
  const span = tracer().startSpan(name, { kind: SpanKind.CLIENT, attributes, startTime: end - ms });
  if (error) failed(span, error);
  span.end(end);
}

/** The root span of a request, child of the `traceparent` it came with (a proxy's or another process's). */
export function startRequestSpan(name: string, headers: Headers, attributes: Attributes): Span | undefined {
  if (!on) return undefined;
  const parent = propagation.extract(context.active(), headers, {
    get: (h, key) => h.get(key) ?? undefined,
    keys: (h) => [...h.keys()],
  });
  return tracer().startSpan(name, { kind: SpanKind.SERVER, attributes }, parent);
}

/** Runs `work` with `span` as the active one (its children hang under it). */
export const withSpan = <T>(span: Span | undefined, work: () => T): T =>
  span ? context.with(trace.setSpan(context.active(), span), work) : work();

/** The active span renamed once its route is known (an endpoint's pattern rather than the raw path). */
export function nameSpan(name: string) {
  if (on) trace.getActiveSpan()?.updateName(name);
}

/** `traceparent` for a request this process makes to another (the API over HTTP). */
export function carryTrace(headers: Headers) {
  if (on) propagation.inject(context.active(), headers, { set: (h, key, value) => h.set(key, value) });
}

export function failed(span: Span, err: unknown) {
  span.recordException(err instanceof Error ? err : String(err));
  span.setStatus({ code: SpanStatusCode.ERROR });
}

export { SpanKind };
