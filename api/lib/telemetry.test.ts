import { context, trace } from "@opentelemetry/api";
import { AsyncLocalStorageContextManager } from "@opentelemetry/context-async-hooks";
import { InMemorySpanExporter, SimpleSpanProcessor, TracerProvider } from "@opentelemetry/sdk-trace";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testS3 } from "../test/s3.ts";
import { s3Storage } from "./s3-storage.ts";
import { inSpan, turnTracingOn } from "./telemetry.ts";

// The object store's commands are spans of the work that asked for them; off, nothing is recorded.
const exporter = new InMemorySpanExporter();
let s3: Awaited<ReturnType<typeof testS3>>;
beforeAll(async () => {
  context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable());
  trace.setGlobalTracerProvider(new TracerProvider({ spanProcessors: [new SimpleSpanProcessor({ exporter })] }));
  s3 = await testS3();
});
afterAll(() => {
  turnTracingOn(false);
  s3.close();
});

describe("spans", () => {
  it("record nothing while tracing is off", async () => {
    turnTracingOn(false);
    await inSpan("page", {}, async () => s3Storage(s3.settings).check());
    expect(exporter.getFinishedSpans()).toHaveLength(0);
  });

  it("make each S3 command a child of the span that asked", async () => {
    turnTracingOn(true);
    const store = s3Storage(s3.settings);
    await inSpan("page", {}, async () => {
      await store.put("t/a.txt", Buffer.from("画"), "text/plain");
      await store.get!("t/a.txt");
    });
    const spans = exporter.getFinishedSpans();
    const page = spans.find((s) => s.name === "page")!;
    const commands = spans.filter((s) => s.name.startsWith("s3 "));
    expect(commands.map((s) => s.name)).toEqual(["s3 PutObjectCommand", "s3 GetObjectCommand"]);
    for (const c of commands) {
      expect(c.spanContext().traceId).toBe(page.spanContext().traceId);
      expect(c.parentSpanContext?.spanId).toBe(page.spanContext().spanId);
      expect(c.attributes["aws.s3.bucket"]).toBe(s3.settings.bucket);
    }
  });
});
