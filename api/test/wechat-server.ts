import { randomBytes } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import type { ProviderServer } from "./provider-state.ts";

/**
 * WeChat's open platform on a local port, as its website login works: /connect/qrconnect stands for the QR page
 * (the scan and 确认登录 happen at once: the page sends the browser straight back with a code, or, refused, with
 * the state alone), /sns/oauth2/access_token trades a code once for a token by GET with appid and secret, /sns/userinfo names
 * the person. Like WeChat it answers 200 with an errcode to a mistake, and its JSON as text/plain.
 */
export async function startWechatServer(keys: { clientId: string; clientSecret: string }, port = 0) {
  const state: ProviderServer["state"] = {
    person: { id: "583231", name: "微信用户甲" },
    deny: false,
    tokenRequests: [],
  };
  const codes = new Map<string, string>();
  const tokens = new Map<string, string>();
  const ids = (id: string) => ({ openid: `oWx-${id}`, unionid: `uWx-${id}` });
  const answer = (res: http.ServerResponse, body: Record<string, unknown>) => {
    res.writeHead(200, { "Content-Type": "text/plain" });
    res.end(JSON.stringify(body));
  };
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://x");
    const q = (k: string) => url.searchParams.get(k) ?? "";
    if (url.pathname === "/connect/qrconnect") {
      const back = URL.canParse(q("redirect_uri")) ? new URL(q("redirect_uri")) : null;
      if (q("appid") !== keys.clientId || q("response_type") !== "code" || q("scope") !== "snsapi_login" || !back) {
        res.writeHead(400, { "Content-Type": "text/plain; charset=utf-8" }).end("参数错误");
        return;
      }
      if (state.deny) state.deny = false;
      else {
        const code = randomBytes(12).toString("hex");
        codes.set(code, state.person.id);
        back.searchParams.set("code", code);
      }
      back.searchParams.set("state", q("state"));
      // WeChat's page moves the browser itself once the phone confirms, so #wechat_redirect does not follow it back
      // (as it would through a 302). A refresh does the same with or without the page's scripts.
      const to = back.href.replace(/&/g, "&amp;").replace(/"/g, "&quot;");
      res.writeHead(200, { "Content-Type": "text/html; charset=utf-8" });
      res.end(`<!doctype html><meta http-equiv="refresh" content="0;url=${to}"><title>微信登录</title>`);
      return;
    }
    if (url.pathname === "/sns/oauth2/access_token") {
      state.tokenRequests.push({ url: url.pathname + url.search, authorization: "", body: {} });
      if (q("appid") !== keys.clientId || q("secret") !== keys.clientSecret)
        return answer(res, { errcode: 40125, errmsg: "invalid appsecret" });
      const person = codes.get(q("code"));
      codes.delete(q("code"));
      if (!person || q("grant_type") !== "authorization_code")
        return answer(res, { errcode: 40029, errmsg: "invalid code" });
      const token = randomBytes(16).toString("hex");
      tokens.set(token, person);
      return answer(res, { access_token: token, expires_in: 7200, scope: "snsapi_login", ...ids(person) });
    }
    if (url.pathname === "/sns/userinfo") {
      const person = tokens.get(q("access_token"));
      if (!person) return answer(res, { errcode: 40001, errmsg: "invalid credential, access_token is invalid" });
      if (q("openid") !== ids(person).openid) return answer(res, { errcode: 40003, errmsg: "invalid openid" });
      return answer(res, { ...ids(person), nickname: state.person.name, sex: 0, headimgurl: "", privilege: [] });
    }
    res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const stop = () => new Promise<void>((resolve) => server.close(() => resolve()));
  return { url, state, stop } satisfies ProviderServer;
}
