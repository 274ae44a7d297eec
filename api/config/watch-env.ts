import { z } from "zod";
import { integer } from "./env-fields.ts";

/**
 * How an operator watches the site (docs/operations.md): Prometheus's address, OpenTelemetry's standard variables
 * (read here so that turning traces on is known at start; the exporter reads its own headers and timeouts), and the
 * error reports' DSN. Each is off unless set.
 */
export const watchEnvFields = {
  METRICS_PORT: integer("METRICS_PORT", 0, 65_535, 0),
  METRICS_HOST: z.string().optional(),
  OTEL_EXPORTER_OTLP_ENDPOINT: z.string().optional(),
  OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: z.string().optional(),
  OTEL_SDK_DISABLED: z.string().optional(),
  OTEL_SERVICE_NAME: z.string().optional(),
  OTEL_TRACES_SAMPLER_ARG: z.coerce
    .number({ message: "OTEL_TRACES_SAMPLER_ARG 无效：应为 0 到 1 之间的数" })
    .min(0, { message: "OTEL_TRACES_SAMPLER_ARG 无效：应为 0 到 1 之间的数" })
    .max(1, { message: "OTEL_TRACES_SAMPLER_ARG 无效：应为 0 到 1 之间的数" })
    .optional(),
  SENTRY_DSN: z
    .string()
    .optional()
    .refine((v) => !v || /^https?:\/\/[^@/\s]+@[^/\s]+\/(.*\/)?\d+$/.test(v), {
      message: "SENTRY_DSN 无效：应形如 https://公钥@主机/项目编号",
    }),
  SENTRY_RELEASE: z.string().optional(),
};

type WatchVars = z.infer<z.ZodObject<typeof watchEnvFields>>;

export type WatchSettings = {
  /** METRICS_PORT (0: off) on METRICS_HOST (127.0.0.1 unless told otherwise): never the public port. */
  metrics: { port: number; host: string };
  /** OpenTelemetry traces over OTLP/HTTP; null: off. */
  tracing: { endpoint: string; serviceName: string; sampleRatio: number } | null;
  /** SENTRY_DSN: where errors are reported (Sentry, GlitchTip); null: nowhere. SENTRY_RELEASE names the build. */
  errorReports: { dsn: string; release: string | null } | null;
};

export function watchSettingsOf(v: WatchVars): WatchSettings {
  const endpoint = v.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT || v.OTEL_EXPORTER_OTLP_ENDPOINT;
  return {
    metrics: { port: v.METRICS_PORT, host: v.METRICS_HOST || "127.0.0.1" },
    tracing:
      endpoint && v.OTEL_SDK_DISABLED?.toLowerCase() !== "true"
        ? { endpoint, serviceName: v.OTEL_SERVICE_NAME || "yishe", sampleRatio: v.OTEL_TRACES_SAMPLER_ARG ?? 1 }
        : null,
    errorReports: v.SENTRY_DSN ? { dsn: v.SENTRY_DSN, release: v.SENTRY_RELEASE || null } : null,
  };
}
