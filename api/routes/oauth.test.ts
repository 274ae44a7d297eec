import net, { type AddressInfo } from "node:net";
import { afterAll, beforeAll, beforeEach, afterEach, describe, expect, it } from "vitest";
import { limitRules } from "../lib/rate-limit.ts";
import { countRows, startApi, type TestApi } from "../test/harness.ts";
import { startProviderServer } from "../test/oauth-server.ts";
import { providerSendsBack } from "../test/provider-state.ts";
import { usernameFrom } from "../services/signin/auth.ts";
import { oauthProviders, type OAuthProvider } from "../../contract/signin/ways-in.ts";
import type { OAuthResult, OAuthStart, Session } from "../../contract/signin/views.ts";
import * as api from "../../contract/endpoints.ts";

type Server = Awaited<ReturnType<typeof startProviderServer>>;
const keys = { clientId: "yishe-client", clientSecret: "s3cret-value" };
const servers = {} as Record<OAuthProvider, Server>;
let t: TestApi;

beforeAll(async () => {
  for (const p of oauthProviders) servers[p] = await startProviderServer(p, keys);
});
afterAll(async () => {
  for (const p of oauthProviders) await servers[p].stop();
});
beforeEach(async () => {
  t = await startApi({
    signin: {
      oauth: Object.fromEntries(oauthProviders.map((p) => [p, { ...keys, server: servers[p].url }])),
    },
  });
});
afterEach(() => t.close());

/** Begins a sign-in (or a link, with a token) and follows the provider's redirect back: the code and state. */
async function authorize(provider: OAuthProvider, opts: { ref?: string; token?: string } = {}) {
  const query = new URLSearchParams({ ...(opts.ref ? { ref: opts.ref } : {}), ...(opts.token ? { link: "1" } : {}) });
  const start = await t.call<OAuthStart & { state: string }>("GET", `/api/${provider}/login/authorize?${query}`, {
    token: opts.token,
  });
  expect(start.body.success).toBe(true);
  const back = await providerSendsBack(start.body.data.url);
  return {
    start: start.body.data,
    back,
    code: back.searchParams.get("code") ?? "",
    state: back.searchParams.get("state") ?? "",
  };
}

const callback = (provider: OAuthProvider, query: Record<string, string>, token?: string) =>
  t.call<OAuthResult>("GET", `/api/${provider}/login/callback?${new URLSearchParams(query)}`, { token });

describe("third-party sign-in", () => {
  it("without SITE_URL returns to the address the browser used, 127.0.0.1 as well as localhost", async () => {
    const local = await startApi({
      signin: {
        oauth: { github: { ...keys, server: servers.github.url } },
        siteUrl: "http://localhost:3000",
        siteUrlSet: false,
      },
    });
    try {
      servers.github.state.person = { id: "5150", name: "本地", login: "bendi" };
      const here = "http://127.0.0.1:3000";
      const start = await local.call<OAuthStart>("GET", `${here}/api/github/login/authorize`);
      const res = await fetch(start.body.data.url, { redirect: "manual" });
      const back = new URL(res.headers.get("location")!);
      expect(back.origin + back.pathname).toBe(`${here}/user/github/callback`);
      const query = new URLSearchParams({
        code: back.searchParams.get("code")!,
        state: back.searchParams.get("state")!,
      });
      const done = await local.call<OAuthResult>("GET", `${here}/api/github/login/callback?${query}`);
      expect(done.body.success, done.body.message).toBe(true);
      expect(done.body.data.session!.user.username).toBe("bendi");
    } finally {
      await local.close();
    }
  });

  it("makes a GitHub login with capitals and hyphens the username when it is free", async () => {
    servers.github.state.person = { id: "4242", name: "远山", login: "Yuan-Shan" };
    const first = await authorize("github");
    const res = await callback("github", { code: first.code, state: first.state });
    expect(res.body.data.session!.user.username).toBe("yuan_shan");
    expect(usernameFrom("42-Studio")).toBe("u42_studio");
    expect(usernameFrom("ab")).toBe("");
    expect(usernameFrom("画师")).toBe("");
  });

  it.each(oauthProviders)(
    "%s: a first return opens an account linked to the provider, a second signs into it",
    async (p) => {
      servers[p].state.person = { id: "9001", name: "远山 Painter", login: "yuanshan" };
      const first = await authorize(p, { ref: "/art/3?x=1" });
      expect(first.back.origin + first.back.pathname).toBe(`http://yishe.test/user/${p}/callback`);
      expect(first.state).toBe(first.start.state);
      const res = await callback(p, { code: first.code, state: first.state });
      expect(res.body.success, res.body.message).toBe(true);
      const { session, ref } = res.body.data;
      expect(ref).toBe("/art/3?x=1");
      expect(session!.user).toMatchObject({ nickname: "远山 Painter", hasPassword: false, email: null });
      // GitHub's login becomes the username when it is free; the others have none to offer.
      if (p === "github") expect(session!.user.username).toBe("yuanshan");
      else expect(session!.user.username).toMatch(/^u[a-z0-9]{9}$/);

      const again = await authorize(p);
      const second = await callback(p, { code: again.code, state: again.state });
      expect(second.body.data.session!.user.id).toBe(session!.user.id);
      expect(await countRows(t, "users")).toBe(1);
      expect(await countRows(t, "user_identities")).toBe(1);
    },
  );

  it("GitHub gets PKCE (S256) and its secret by Basic authentication; OSChina and QQ their secret as a parameter", async () => {
    const gh = await authorize("github");
    const url = new URL(gh.start.url);
    expect(url.searchParams.get("code_challenge_method")).toBe("S256");
    expect(url.searchParams.get("code_challenge")).toMatch(/^[\w-]{43}$/);
    await callback("github", { code: gh.code, state: gh.state });
    const ghToken = servers.github.state.tokenRequests.at(-1)!;
    expect(ghToken.body.code_verifier).toMatch(/^[\w-]{43,}$/);
    expect(ghToken.authorization).toMatch(/^Basic /);

    const qq = await authorize("qq");
    expect(new URL(qq.start.url).searchParams.has("code_challenge")).toBe(false);
    expect((await callback("qq", { code: qq.code, state: qq.state })).body.success).toBe(true);
    const qqToken = servers.qq.state.tokenRequests.at(-1)!;
    expect(qqToken.url).toContain("fmt=json");
    expect(qqToken.url).toContain("need_openid=1");
  });

  it("refuses a forged, missing, reused, expired or another provider's state, changing nothing", async () => {
    const a = await authorize("github");
    const forged = await callback("github", { code: a.code, state: "forged-state-value-1234567890" });
    expect([forged.status, forged.body.message]).toEqual([400, "登录请求已失效，请重新登录"]);
    expect((await callback("github", { code: a.code })).body.message).toBe("登录请求已失效，请重新登录");

    expect((await callback("github", { code: a.code, state: a.state })).body.success).toBe(true);
    expect((await callback("github", { code: a.code, state: a.state })).body.message).toBe(
      "登录请求已失效，请重新登录",
    );

    const b = await authorize("osc");
    expect((await callback("github", { code: b.code, state: b.state })).body.message).toBe(
      "登录请求已失效，请重新登录",
    );

    const c = await authorize("qq");
    t.setNow(t.now() + 11 * 60_000);
    expect((await callback("qq", { code: c.code, state: c.state })).body.message).toBe("登录请求已失效，请重新登录");
    expect(await countRows(t, "users")).toBe(1);
  });

  it("says so when the person declined at the provider, and when the provider cannot be reached", async () => {
    servers.github.state.deny = true;
    const denied = await authorize("github");
    expect(denied.code).toBe("");
    const res = await callback("github", { error: denied.back.searchParams.get("error")!, state: denied.state });
    expect(res.body.message).toBe("你取消了GitHub授权");

    const down = await startApi({
      signin: { oauth: { github: { ...keys, server: "http://127.0.0.1:9" } } },
    });
    try {
      const start = await down.send(api.signin.oauthStart, { params: { provider: "github" } });
      const r = await down.send(api.signin.oauthCallback, {
        params: { provider: "github" },
        query: { code: "abc", state: start.body.data.state },
      });
      expect([r.status, r.body.message]).toEqual([502, "暂时无法连接GitHub，请稍后再试"]);
      expect(await countRows(down, "users")).toBe(0);
    } finally {
      await down.close();
    }
  });

  it("gives up on a provider that takes the connection and never answers", async () => {
    const silent = net.createServer(() => {});
    await new Promise<void>((r) => silent.listen(0, "127.0.0.1", r));
    const server = `http://127.0.0.1:${(silent.address() as AddressInfo).port}`;
    const slow = await startApi({ signin: { oauth: { github: { ...keys, server, timeoutMs: 300 } } } });
    try {
      const start = await slow.send(api.signin.oauthStart, { params: { provider: "github" } });
      const r = await slow.send(api.signin.oauthCallback, {
        params: { provider: "github" },
        query: { code: "abc", state: start.body.data.state },
      });
      expect([r.status, r.body.message]).toEqual([502, "暂时无法连接GitHub，请稍后再试"]);
    } finally {
      await slow.close();
      silent.close();
    }
  });

  it("refuses a provider with the wrong secret, and one the site has not set up", async () => {
    const wrong = await startApi({
      signin: { oauth: { osc: { clientId: keys.clientId, clientSecret: "wrong", server: servers.osc.url } } },
    });
    try {
      const start = await wrong.send(api.signin.oauthStart, { params: { provider: "osc" } });
      const back = new URL((await fetch(start.body.data.url, { redirect: "manual" })).headers.get("location")!);
      const r = await wrong.call("GET", `/api/osc/login/callback?${back.searchParams}`);
      expect(r.body.message).toBe("开源中国登录未完成，请重试");
      const off = await wrong.send(api.signin.oauthStart, { params: { provider: "github" } });
      expect([off.status, off.body.message]).toEqual([404, "本站未开启GitHub登录"]);
      expect((await wrong.call("GET", "/api/douban/login/authorize")).status).toBe(404);
    } finally {
      await wrong.close();
    }
  });

  it("takes a provider's name as text, and not a reserved one", async () => {
    const hostile = `<img src=x onerror=alert(1)>`;
    servers.github.state.person = { id: "1", name: hostile, login: "bad login!" };
    const a = await authorize("github");
    const user = (await callback("github", { code: a.code, state: a.state })).body.data.session!.user;
    expect(user.nickname).toBe(hostile.slice(0, 16));
    expect(user.username).toMatch(/^u[a-z0-9]{9}$/);
    servers.github.state.person = { id: "2", name: "管理员", login: "admin" };
    const b = await authorize("github");
    const second = (await callback("github", { code: b.code, state: b.state })).body.data.session!.user;
    expect(second.nickname).toBe("GitHub用户");
    expect(second.username).not.toBe("admin");
  });

  it("limits how many sign-ins one address begins", async () => {
    const start = () => t.send(api.signin.oauthStart, { params: { provider: "github" } }, { ip: "203.0.113.77" });
    for (let i = 0; i < limitRules.oauthIp.points; i++) expect((await start()).status).toBe(200);
    expect((await start()).status).toBe(429);
  });

  it("keeps the return path on this site", async () => {
    for (const ref of ["https://evil.example/", "//evil.example", "/\\evil.example", "/user/signin?ref=/x"]) {
      const a = await authorize("github", { ref });
      expect((await callback("github", { code: a.code, state: a.state })).body.data.ref).toBe("/");
    }
  });
});

describe("linking providers to one's account", () => {
  it("links for the person who began, never for someone else; unlinks but never the last way in", async () => {
    const me = await t.signup();
    servers.github.state.person = { id: "77", name: "gh-me", login: "ghme" };
    const link = await authorize("github", { token: me.token });
    // Finished by a browser signed in as someone else (or no one): refused.
    const other = await t.signup();
    expect((await callback("github", { code: link.code, state: link.state }, other.token)).body.message).toBe(
      "登录请求已失效，请重新登录",
    );
    const link2 = await authorize("github", { token: me.token });
    const done = await callback("github", { code: link2.code, state: link2.state }, me.token);
    expect(done.body.data).toMatchObject({ session: null, linked: "github" });
    const ways = await t.send(api.account.signinWays, {}, { token: me.token });
    expect(ways.body.data.identities).toEqual([{ provider: "github", name: "gh-me", linkedAt: expect.any(Number) }]);

    // The same GitHub account cannot be linked to a second person.
    const link3 = await authorize("github", { token: other.token });
    expect((await callback("github", { code: link3.code, state: link3.state }, other.token)).body.message).toBe(
      "该第三方账号已绑定其他用户",
    );
    // Signing in with it now signs in as me.
    const signin = await authorize("github");
    expect((await callback("github", { code: signin.code, state: signin.state })).body.data.session!.user.id).toBe(
      me.user.id,
    );
    const unlink = await t.send(api.account.unlinkProvider, { body: { provider: "github" } }, { token: me.token });
    expect(unlink.body.success).toBe(true);
    expect(await countRows(t, "user_identities")).toBe(0);
  });

  it("an account that only has a provider keeps it until a password is set", async () => {
    const a = await authorize("qq");
    const session = (await callback("qq", { code: a.code, state: a.state })).body.data.session as Session;
    const refuse = await t.send(api.account.unlinkProvider, { body: { provider: "qq" } }, { token: session.token });
    expect([refuse.body.success, refuse.body.message]).toEqual([
      false,
      "至少需要保留一种登录方式：请先设置密码或绑定手机号",
    ]);
    const set = await t.send(
      api.account.password,
      { body: { oldPassword: "", password: "newpass1", rePassword: "newpass1" } },
      { token: session.token },
    );
    expect(set.body.success, set.body.message).toBe(true);
    const me = await t.send(api.signin.current, {}, { token: session.token });
    expect(me.body.data?.hasPassword).toBe(true);
    const ok = await t.send(api.account.unlinkProvider, { body: { provider: "qq" } }, { token: session.token });
    expect(ok.body.success).toBe(true);
  });

  it("a link needs a signed-in person", async () => {
    const res = await t.send(api.signin.oauthStart, { params: { provider: "github" }, query: { link: "1" } });
    expect([res.status, res.body.message]).toEqual([401, "请先登录"]);
  });
});
