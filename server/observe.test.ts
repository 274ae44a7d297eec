import { createServer, request } from "node:http";
import { getRequestListener } from "@hono/node-server";
import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import { createLogger } from "../api/lib/log.ts";
import { observe } from "./observe.ts";
import type { SiteEnv } from "./security.ts";

/** The request log over a real Node server: the line comes at the answer's end, or when the connection is cut. */
async function serve(app: Hono<SiteEnv>) {
  const listener = getRequestListener((req, env) => {
    const { outgoing } = env as { outgoing: import("node:http").ServerResponse };
    return app.fetch(req, { ip: "192.0.2.7", outgoing });
  });
  const server = createServer(listener);
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  const port = (server.address() as { port: number }).port;
  return { server, port };
}

const ask = (port: number, path: string) =>
  new Promise<{ status: number; id: string; body: string }>((resolve, reject) => {
    const req = request({ port, path, agent: false }, (res) => {
      let body = "";
      res.on("data", (d) => (body += d));
      res.on("end", () => resolve({ status: res.statusCode!, id: String(res.headers["x-request-id"]), body }));
    });
    req.on("error", reject);
    req.end();
  });

/** A site of one route or two behind the request log, and the lines it writes. */
function observed() {
  const lines: Record<string, unknown>[] = [];
  const app = new Hono<SiteEnv>();
  app.use(
    observe(
      createLogger("info", (l) => lines.push(JSON.parse(l) as Record<string, unknown>)),
      false,
    ),
  );
  return { app, lines };
}

describe("the request log over Node", () => {
  it("writes the line at the last byte, with what went out on the connection", async () => {
    const { app, lines } = observed();
    app.get("/art/:id", (c) => c.text("画".repeat(1000)));
    const { server, port } = await serve(app);
    const res = await ask(port, "/art/7");
    await new Promise((r) => setTimeout(r, 20));
    server.close();
    const line = lines.find((l) => l.reqId === res.id)!;
    expect(line).toMatchObject({ msg: "request", route: "/art/:id", status: 200, ip: "192.0.2.7" });
    // Three bytes a character, and the head.
    expect(line.bytes as number).toBeGreaterThan(3000);
    expect(line.bytes as number).toBeLessThan(3500);
  });

  it("logs a request cut before its answer (a stop's deadline, a client gone) with its id and 499", async () => {
    const { app, lines } = observed();
    app.get("/hang", () => new Promise<Response>(() => {}));
    const { server, port } = await serve(app);
    const req = request({ port, path: "/hang", agent: false });
    req.on("error", () => {});
    req.end();
    await new Promise((r) => setTimeout(r, 100));
    // What a stop does when its deadline passes.
    server.closeAllConnections();
    await new Promise((r) => setTimeout(r, 50));
    server.close();
    const cut = lines.find((l) => l.msg === "request")!;
    expect(cut).toMatchObject({ route: "/hang", status: 499, aborted: true });
    expect(cut.reqId).toMatch(/^[0-9a-f-]{36}$/);
  });
});
