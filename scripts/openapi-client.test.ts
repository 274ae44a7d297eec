import { spawn, spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import ts from "typescript";
import openapiTS, { astToString } from "openapi-typescript";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freePorts } from "../api/test/ports.ts";

// A developer's view of the API (issue 57): a client generated from /api/openapi.json by a generator that knows
// nothing of our code (openapi-typescript, with openapi-fetch to call), compiled, then run against a server.
const data = mkdtempSync(path.join(os.tmpdir(), "yishe-openapi-"));
// Beside node_modules, so the client resolves openapi-fetch as a developer's project would.
mkdirSync("node_modules/.cache", { recursive: true });
const project = mkdtempSync(path.resolve("node_modules/.cache/openapi-client-"));
const [port] = await freePorts(1);
const base = `http://127.0.0.1:${port}`;
let output = "";
const server = spawn(process.execPath, ["server.ts"], {
  env: {
    ...process.env,
    NODE_ENV: "production",
    PORT: String(port),
    DATA_DIR: data,
    DEMO_CONTENT: "1",
    CAPTCHA: "off",
    LOG_LEVEL: "info",
  },
  stdio: ["ignore", "pipe", "pipe"],
});
server.stdout!.on("data", (d) => (output += d));
server.stderr!.on("data", (d) => (output += d));

// Seeding the demo takes about 20 s on an idle machine, and twice that beside the PostgreSQL suite's workers.
const STARTUP_MS = 110_000;
beforeAll(async () => {
  const until = Date.now() + STARTUP_MS - 5_000;
  while (Date.now() < until) {
    if ((await fetch(`${base}/readyz`).catch(() => null))?.ok) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`the server did not start:\n${output}`);
}, STARTUP_MS);
afterAll(() => {
  server.kill("SIGKILL");
  rmSync(data, { recursive: true, force: true });
  rmSync(project, { recursive: true, force: true });
});

/** The client a developer would write on the generated types: reads, signs up, comments, and is refused. */
const client = `import createClient from "openapi-fetch";
import type { paths } from "./schema.d.ts";

const api = createClient<paths>({ baseUrl: process.env.BASE + "/api" });
const list = await api.GET("/art/list", { params: { query: { order: "newest", limit: 3 } } });
const works = (list.data?.data as { results: { artId: number; title: string }[] }).results;
const one = await api.GET("/art/{id}", { params: { path: { id: works[0]!.artId } } });
const joined = await api.POST("/login/signup", {
  body: { nickname: "接口用户", username: "apiuser", email: "api@example.com", password: "secret123", rePassword: "secret123" },
});
const token = (joined.data?.data as { token: string }).token;
const headers = { "X-User-Token": token };
const said = await api.POST("/comment/create", { body: { workId: works[0]!.artId, content: "从接口留言" }, headers });
const refused = await api.POST("/comment/create", { body: { workId: works[0]!.artId, content: "" }, headers });
type CommentBody = paths["/comment/create"]["post"]["requestBody"]["content"]["application/json"];
// @ts-expect-error the generated types know the body's fields: a misspelt one is not among them
const misspelt: CommentBody = { workId: 1, content: "x", replyto: 2 };
void misspelt;
// @ts-expect-error and the path's parameter is required
void api.GET("/art/{id}", { params: { path: {} } });
console.log(
  JSON.stringify({
    listed: works.length,
    title: (one.data?.data as { title: string }).title === works[0]!.title,
    said: said.data?.success,
    refused: [refused.response.status, (refused.error as { message: string }).message],
  }),
);
`;

describe("a client generated from the OpenAPI document", () => {
  it("compiles against the generated types and calls the running server", async () => {
    const document = await (await fetch(`${base}/api/openapi.json`)).json();
    writeFileSync(path.join(project, "schema.d.ts"), astToString(await openapiTS(document)));
    writeFileSync(path.join(project, "client.ts"), client);
    const program = ts.createProgram([path.join(project, "client.ts")], {
      strict: true,
      noEmit: true,
      target: ts.ScriptTarget.ES2022,
      module: ts.ModuleKind.NodeNext,
      moduleResolution: ts.ModuleResolutionKind.NodeNext,
      allowImportingTsExtensions: true,
      skipLibCheck: true,
      types: ["node"],
    });
    const problems = ts.getPreEmitDiagnostics(program).map((d) => ts.flattenDiagnosticMessageText(d.messageText, "\n"));
    expect(problems).toEqual([]);
    // Node strips no types under node_modules: run the compiled JavaScript, as a developer's build would.
    const js = ts.transpileModule(client, {
      compilerOptions: { module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022 },
    }).outputText;
    writeFileSync(path.join(project, "client.mjs"), js);
    const run = spawnSync(process.execPath, [path.join(project, "client.mjs")], {
      env: { ...process.env, BASE: base },
      encoding: "utf8",
    });
    expect(run.stderr).toBe("");
    expect(JSON.parse(run.stdout)).toEqual({
      listed: 3,
      title: true,
      said: true,
      refused: [400, "请输入评论内容"],
    });
  }, 60_000);
});
