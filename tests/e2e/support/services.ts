import http from "node:http";
import { startMailbox } from "../../../api/test/mailbox.ts";
import { startProviderServer } from "../../../api/test/oauth-server.ts";
import { startAiServer } from "../../../api/test/ai-server.ts";
import { e2eServices, oauthKeys } from "../../../playwright.config.ts";

/**
 * The site's counterparts for the browser tests, started by Playwright before the site: a real SMTP server whose
 * mail the tests read over HTTP, and sign-in providers (GitHub, WeChat) whose next person the tests may set.
 */
const mailbox = await startMailbox(e2eServices.smtp);
const providers = {
  github: await startProviderServer("github", oauthKeys, e2eServices.oauth),
  wechat: await startProviderServer("wechat", oauthKeys, e2eServices.wechat),
};
const providerOf = (path: string) => providers[path.split("/")[1] as keyof typeof providers];
const model = await startAiServer(e2eServices.ai);

const reports: string[] = [];
/** Webhook deliveries, by the path they were posted to (a test's own). */
const hooks = new Map<string, { headers: http.IncomingHttpHeaders; body: string }[]>();

const json = (res: http.ServerResponse, status: number, body: unknown) => {
  res.writeHead(status, { "Content-Type": "application/json; charset=utf-8" });
  res.end(JSON.stringify(body));
};

http
  .createServer(async (req, res) => {
    const url = new URL(req.url ?? "/", "http://x");
    if (url.pathname === "/health") return json(res, 200, { ok: true });
    if (url.pathname === "/mail") {
      try {
        return json(
          res,
          200,
          await mailbox.latest(url.searchParams.get("to") ?? "", url.searchParams.get("subject") ?? ""),
        );
      } catch {
        return json(res, 404, null);
      }
    }
    if (/^\/(github|wechat)\/person$/.test(url.pathname) && req.method === "POST") {
      let body = "";
      for await (const chunk of req) body += chunk;
      providerOf(url.pathname).state.person = JSON.parse(body);
      return json(res, 200, providerOf(url.pathname).state.person);
    }
    // The scripted model: what it was sent, and how slowly it answers next.
    if (url.pathname === "/ai/sent") return json(res, 200, { text: model.sentText() });
    if (url.pathname === "/ai/delay" && req.method === "POST") {
      model.state.delayMs = Number(url.searchParams.get("ms")) || 0;
      return json(res, 200, { delayMs: model.state.delayMs });
    }
    if (/^\/(github|wechat)\/deny$/.test(url.pathname) && req.method === "POST") {
      providerOf(url.pathname).state.deny = true;
      return json(res, 200, { deny: true });
    }
    // A Sentry-compatible service: the error reports the site and its pages send, and a way to read them.
    if (url.pathname === "/api/1/envelope/" && req.method === "OPTIONS") {
      res.writeHead(204, {
        "Access-Control-Allow-Origin": "*",
        "Access-Control-Allow-Methods": "POST",
        "Access-Control-Allow-Headers": "*",
        "Access-Control-Allow-Private-Network": "true",
      });
      return res.end();
    }
    if (url.pathname === "/api/1/envelope/" && req.method === "POST") {
      let body = "";
      for await (const chunk of req) body += chunk;
      reports.push(body);
      res.writeHead(200, { "Access-Control-Allow-Origin": "*", "Content-Type": "application/json" });
      return res.end("{}");
    }
    if (url.pathname === "/errors") return json(res, 200, reports);
    if (url.pathname.startsWith("/hooks/") && req.method === "POST") {
      let body = "";
      for await (const chunk of req) body += chunk;
      hooks.set(url.pathname, [...(hooks.get(url.pathname) ?? []), { headers: req.headers, body }]);
      return json(res, 200, { ok: true });
    }
    if (url.pathname.startsWith("/hooks/")) return json(res, 200, hooks.get(url.pathname) ?? []);
    // A push service: what the site pushed to a browser's address (encrypted; base64), read back by the tests.
    if (url.pathname.startsWith("/push/") && req.method === "POST") {
      const chunks: Buffer[] = [];
      for await (const chunk of req) chunks.push(chunk as Buffer);
      const got = { headers: req.headers, body: Buffer.concat(chunks).toString("base64") };
      hooks.set(url.pathname, [...(hooks.get(url.pathname) ?? []), got]);
      res.writeHead(201);
      return res.end();
    }
    if (url.pathname.startsWith("/push/")) return json(res, 200, hooks.get(url.pathname) ?? []);
    json(res, 404, null);
  })
  .listen(e2eServices.http, "127.0.0.1");
