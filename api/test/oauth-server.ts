import { OAuth2Server } from "oauth2-mock-server";
import type { OAuthProvider } from "../../contract/signin/ways-in.ts";
import type { Person, ProviderServer } from "./provider-state.ts";
import { startWechatServer } from "./wechat-server.ts";

/**
 * A real OAuth 2.0 server on a local port (oauth2-mock-server) dressed as GitHub, OSChina, QQ or Weibo: their
 * paths, their way of taking the client secret, and their profile shapes. It checks PKCE when a challenge was sent
 * and refuses a token request without the right secret. WeChat, which is not OAuth 2.0 to the letter, has a server
 * of its own (wechat-server.ts). Used by the API tests and the browser tests.
 */
export type { Person };

const paths: Record<Exclude<OAuthProvider, "wechat">, { authorize: string; token: string; userinfo: string }> = {
  github: { authorize: "/login/oauth/authorize", token: "/login/oauth/access_token", userinfo: "/user" },
  osc: { authorize: "/action/oauth2/authorize", token: "/action/openapi/token", userinfo: "/action/openapi/user" },
  qq: { authorize: "/oauth2.0/authorize", token: "/oauth2.0/token", userinfo: "/user/get_user_info" },
  weibo: { authorize: "/oauth2/authorize", token: "/oauth2/access_token", userinfo: "/2/users/show.json" },
};

export async function startProviderServer(
  provider: OAuthProvider,
  keys: { clientId: string; clientSecret: string },
  port = 0,
): Promise<ProviderServer> {
  if (provider === "wechat") return startWechatServer(keys, port);
  const server = new OAuth2Server(undefined, undefined, { endpoints: paths[provider] });
  await server.issuer.keys.generate("RS256");
  const state: ProviderServer["state"] = {
    person: { id: "583231", name: "The Octocat", login: "octocat" },
    deny: false,
    tokenRequests: [],
  };
  server.service.on("beforeAuthorizeRedirect", (redirect: { url: URL }) => {
    if (!state.deny) return;
    state.deny = false;
    redirect.url.searchParams.delete("code");
    redirect.url.searchParams.set("error", "access_denied");
  });
  server.service.on(
    "beforeResponse",
    (
      res: { body: Record<string, unknown>; statusCode: number },
      req: { url?: string; headers: Record<string, string | undefined>; body: Record<string, unknown> },
    ) => {
      const url = new URL(req.url ?? "/", "http://x");
      const authorization = req.headers.authorization ?? "";
      state.tokenRequests.push({ url: url.pathname + url.search, authorization, body: req.body });
      const basic = `Basic ${Buffer.from(`${keys.clientId}:${keys.clientSecret}`).toString("base64")}`;
      const secretOk =
        provider === "github"
          ? authorization === basic
          : url.searchParams.get("client_secret") === keys.clientSecret && req.body.client_id === keys.clientId;
      if (!secretOk) {
        res.statusCode = 401;
        res.body = { error: "invalid_client", error_description: "bad client credentials" };
        return;
      }
      if (provider === "qq") res.body.openid = state.person.id;
      if (provider === "weibo") res.body.uid = state.person.id;
    },
  );
  server.service.on(
    "beforeUserinfo",
    (
      res: { body: Record<string, unknown>; statusCode: number },
      req: { url?: string; headers: Record<string, string | undefined> },
    ) => {
      const url = new URL(req.url ?? "/", "http://x");
      const token = (req.headers.authorization ?? "").replace(/^Bearer /, "") || url.searchParams.get("access_token");
      if (!token) {
        res.statusCode = 401;
        res.body = { message: "Requires authentication" };
        return;
      }
      const p = state.person;
      if (provider === "github") res.body = { id: Number(p.id), login: p.login ?? "", name: p.name };
      if (provider === "osc") res.body = { id: Number(p.id), name: p.name, email: "", avatar: "" };
      if (provider === "qq") {
        if (url.searchParams.get("openid") !== p.id || url.searchParams.get("oauth_consumer_key") !== keys.clientId)
          res.body = { ret: 1002, msg: "openid is invalid" };
        else res.body = { ret: 0, msg: "", nickname: p.name };
      }
      if (provider === "weibo") {
        if (url.searchParams.get("uid") !== p.id) res.body = { error: "uid mismatch", error_code: 21335 };
        else res.body = { id: Number(p.id), idstr: p.id, screen_name: p.name, name: p.name };
      }
    },
  );
  await server.start(port, "127.0.0.1");
  const url = `http://127.0.0.1:${server.address().port}`;
  return { url, state, stop: () => server.stop() };
}
