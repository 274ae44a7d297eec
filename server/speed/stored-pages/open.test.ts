import { describe, expect, it } from "vitest";
import * as endpoints from "../../../contract/endpoints.ts";
import type { ApiTransport } from "../../../contract/shared/transport.ts";
import type { PageFacts } from "./stored-pages.ts";
import { readsNoted } from "./open.ts";

const answering = (value: unknown, ok = true): ApiTransport =>
  ({
    call: async () =>
      ok ? { ok, value } : { ok, refusal: { status: 404, errorCode: 1, message: "", fieldErrors: {} } },
  }) as unknown as ApiTransport;

const visitor = { token: null, clientIp: "198.51.100.7", origin: "http://yishe.test" };

describe("a page's reads, noted for its stored copy", () => {
  it("stand on the work read and on the works its text shows as blocks", async () => {
    const facts = { topics: new Set<string>() } as PageFacts;
    const page = { artId: 12, embeds: [3, 4] };
    const outcome = await readsNoted(answering(page), facts).call(
      endpoints.works.view,
      { params: { id: 12 } },
      visitor,
    );
    expect(outcome).toEqual({ ok: true, value: page });
    expect([...facts.topics]).toEqual(["art:12", "art:3", "art:4"]);
  });

  it("stand on the read alone when it was refused", async () => {
    const facts = { topics: new Set<string>() } as PageFacts;
    await readsNoted(answering(null, false), facts).call(endpoints.works.view, { params: { id: 12 } }, visitor);
    expect([...facts.topics]).toEqual(["art:12"]);
  });
});
