import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startApi, type TestApi } from "../test/harness.ts";
import type { Session } from "../../contract/signin/views.ts";
import { account, comments, site, works } from "../../contract/endpoints.ts";
import { get, type Endpoint } from "../../contract/shared/endpoint.ts";
import { type AnyInput, type ApiTransport, type CallInput } from "../../contract/shared/transport.ts";
import { overHttp } from "./transport.ts";

let t: TestApi;
let me: Session;
let http: ApiTransport;
beforeAll(async () => {
  t = await startApi();
  me = await t.signup({ username: "both" });
  http = overHttp(async (request, clientIp) => t.api.fetch(request, { clientIp }));
});
afterAll(async () => t.close());

const session = (token: string | null) => ({ token, clientIp: "192.0.2.4", origin: "http://yishe.test" });
const outcome = (transport: ApiTransport, e: Endpoint, input: AnyInput, token: string | null) =>
  transport.call(e, input as CallInput<Endpoint>, session(token));

describe("a call in this process and the same call over HTTP", () => {
  // A declaration as the web's build carries it: equal to the API's, never the same object.
  const copy = <E extends Endpoint>(e: E): E => ({ ...e });
  it.each([
    ["site settings", site.config, {}, null],
    ["a work that is not there", works.detail, { params: { id: 999999 } }, null],
    ["a work's id that is no number", works.detail, { params: { id: "abc" } }, null],
    ["an info page outside its path's limits", site.infoPage, { params: { name: "secret" } }, null],
    ["who is signed in, with a dead token", account.profile, { body: { nickname: "x" } }, "dead-token"],
    ["a comment with no text", comments.create, { body: { workId: 1, content: "" } }, "me"],
    ["a query of the wrong kind", works.list, { query: { order: "sideways" } }, null],
  ] as const)("answers alike: %s", async (_name, endpoint, input, who) => {
    const token = who === "me" ? me.token : who;
    const here = await outcome(t.transport, copy(endpoint as Endpoint), input, token);
    const there = await outcome(http, endpoint as Endpoint, input, token);
    expect(here).toEqual(there);
  });

  it("refuses an endpoint the API does not serve, as the router would", async () => {
    const unknown = get<null>()("/nowhere", { summary: "不存在" });
    expect(await t.transport.call(unknown, {}, session(null))).toMatchObject({
      ok: false,
      refusal: { status: 404, message: "接口不存在" },
    });
  });
});
