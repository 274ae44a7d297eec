import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { countRows, startApi, type TestApi } from "../test/harness.ts";
import { startProviderServer } from "../test/oauth-server.ts";
import { providerSendsBack, type ProviderServer } from "../test/provider-state.ts";
import type { OAuthResult, OAuthStart } from "../../contract/signin/views.ts";

// WeChat's website login and Weibo's, each against a scripted server speaking as the real one does
// (api/test/wechat-server.ts, api/test/oauth-server.ts); what every provider shares is in oauth.test.ts.
const keys = { clientId: "wx0123456789abcdef", clientSecret: "wechat-s3cret" };
let wechat: ProviderServer;
let weibo: ProviderServer;
let t: TestApi;

beforeAll(async () => {
  wechat = await startProviderServer("wechat", keys);
  weibo = await startProviderServer("weibo", keys);
});
afterAll(async () => {
  await wechat.stop();
  await weibo.stop();
});
beforeEach(async () => {
  t = await startApi({
    signin: { oauth: { wechat: { ...keys, server: wechat.url }, weibo: { ...keys, server: weibo.url } } },
  });
});
afterEach(() => t.close());

async function authorize(provider: "wechat" | "weibo", api = t) {
  const start = await api.call<OAuthStart & { state: string }>("GET", `/api/${provider}/login/authorize`);
  expect(start.body.success, start.body.message).toBe(true);
  const back = await providerSendsBack(start.body.data.url);
  return { url: new URL(start.body.data.url), back, query: Object.fromEntries(back.searchParams) };
}
const callback = (provider: string, query: Record<string, string>, api = t) =>
  api.call<OAuthResult>("GET", `/api/${provider}/login/callback?${new URLSearchParams(query)}`);

describe("微信登录 (website QR login on the open platform)", () => {
  it("sends the browser to the QR page with the appid, and trades the code by GET with appid and secret", async () => {
    wechat.state.person = { id: "1001", name: "青山" };
    const a = await authorize("wechat");
    expect(a.url.origin + a.url.pathname).toBe(`${wechat.url}/connect/qrconnect`);
    expect(a.url.hash).toBe("#wechat_redirect");
    expect(Object.fromEntries(a.url.searchParams)).toEqual({
      appid: keys.clientId,
      redirect_uri: "http://yishe.test/user/wechat/callback",
      response_type: "code",
      scope: "snsapi_login",
      state: expect.stringMatching(/^[\w-]{20,}$/),
    });
    const res = await callback("wechat", a.query);
    expect(res.body.success, res.body.message).toBe(true);
    expect(res.body.data.session!.user.nickname).toBe("青山");
    const token = new URL(wechat.state.tokenRequests.at(-1)!.url, "http://x");
    expect(Object.fromEntries(token.searchParams)).toMatchObject({ appid: keys.clientId, secret: keys.clientSecret });
    // Known by the unionid, which stays the same across the operator's WeChat apps.
    const identity = await t.db.selectFrom("user_identities").select(["provider", "provider_user_id"]).execute();
    expect(identity).toEqual([{ provider: "wechat", provider_user_id: "uWx-1001" }]);
    const again = await authorize("wechat");
    expect((await callback("wechat", again.query)).body.data.session!.user.id).toBe(res.body.data.session!.user.id);
  });

  it("a refusal comes back with the state alone: 你取消了微信授权, and nothing is made", async () => {
    wechat.state.deny = true;
    const a = await authorize("wechat");
    expect(a.back.searchParams.has("code")).toBe(false);
    const res = await callback("wechat", a.query);
    expect([res.status, res.body.message]).toEqual([400, "你取消了微信授权"]);
    expect(await countRows(t, "users")).toBe(0);
  });

  it("an errcode in a 200 answer is a refusal: a wrong secret, a code used twice", async () => {
    const wrong = await startApi({
      signin: { oauth: { wechat: { ...keys, clientSecret: "not-it", server: wechat.url } } },
    });
    try {
      const a = await authorize("wechat", wrong);
      expect((await callback("wechat", a.query, wrong)).body.message).toBe("微信登录未完成，请重试");
      expect(await countRows(wrong, "users")).toBe(0);
    } finally {
      await wrong.close();
    }
    const a = await authorize("wechat");
    expect((await callback("wechat", a.query)).body.success).toBe(true);
    // The same code and state again: the state is spent first.
    expect((await callback("wechat", a.query)).body.message).toBe("登录请求已失效，请重新登录");
  });
});

describe("微博登录", () => {
  it("takes the uid the token answer names, the secret as a parameter, the screen name as the nickname", async () => {
    weibo.state.person = { id: "6543210987", name: "画画的阿柒" };
    const a = await authorize("weibo");
    expect(a.url.pathname).toBe("/oauth2/authorize");
    expect(a.url.searchParams.get("client_id")).toBe(keys.clientId);
    const res = await callback("weibo", a.query);
    expect(res.body.success, res.body.message).toBe(true);
    expect(res.body.data.session!.user.nickname).toBe("画画的阿柒");
    const token = weibo.state.tokenRequests.at(-1)!;
    expect(new URL(token.url, "http://x").searchParams.get("client_secret")).toBe(keys.clientSecret);
    const identity = await t.db.selectFrom("user_identities").select(["provider", "provider_user_id"]).execute();
    expect(identity).toEqual([{ provider: "weibo", provider_user_id: "6543210987" }]);
  });
});
