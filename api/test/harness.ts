import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { buildApi, createDeps, type ApiOptions } from "../app.ts";
import { inProcess } from "../serve/transport.ts";
import { processes } from "./stack.ts";
import type { Database } from "../db/index.ts";
import { hashPassword } from "../lib/password.ts";
import { indexWorks } from "../services/search/search-index.ts";
import { insertUser as insertUserRow } from "../db/queries/users.ts";
import type { Session } from "../../contract/signin/views.ts";
import { pathOf, type AnswerOf, type Endpoint, type FieldValue } from "../../contract/shared/endpoint.ts";
import type { AnyInput, CallInput } from "../../contract/shared/transport.ts";
import type { DB } from "../db/schema.ts";
import type { Mail } from "../lib/mail.ts";
import { openJobs } from "../jobs/open.ts";
import { queueSettings } from "../jobs/settings.ts";
import { jobHandlers } from "../jobs/handlers.ts";

export { adminUrl, engine, stack } from "./engine.ts";
export { emptyDatabaseUrl, freshDatabase } from "./databases.ts";
import { freshDatabase } from "./databases.ts";

export type Reply<T = unknown> = {
  status: number;
  body: { success: boolean; errorCode: number; message: string; data: T };
};

export type TestApi = Awaited<ReturnType<typeof startApi>>;

/** Builds the API over a fresh database with a settable clock; `call` sends a request as a client would. */
export async function startApi(
  options: Partial<Pick<ApiOptions, "captchaEnabled" | "signin" | "ai" | "webhookAllowHosts">> & {
    listingCacheMs?: number;
    /** A migrated database opened by the test (its own settings); dropped on close like the usual fresh one. */
    database?: Database & { drop(): Promise<void> };
  } = {},
) {
  // What the site sent (SMS codes, mail) lands here rather than anywhere real.
  const outbox = { sms: [] as { phone: string; code: string }[], mail: [] as Mail[] };
  const database = options.database ?? (await freshDatabase());
  let now = Date.UTC(2026, 10, 21, 4, 0, 0);
  const uploadsDir = mkdtempSync(path.join(os.tmpdir(), "yishe-uploads-"));
  // One API, or two standing for two processes (api/test/stack.ts); the test's own deps are the first one's.
  const site = await processes(
    {
      db: database.db,
      dialect: database.dialect,
      now: () => now,
      limitStore: database.limitStore,
      // Off unless a test asks: most tests write rows directly and read them back at once.
      listingCacheMs: options.listingCacheMs,
    },
    uploadsDir,
  );
  // One queue for every "process", as they share one database; its jobs run after each write (`call` below).
  const settings = queueSettings({ fast: true });
  const jobs = await openJobs(database, { settings, now: () => now });
  const apiOptions = site.options.map((o): ApiOptions => ({
    ...o,
    jobs,
    captchaEnabled: options.captchaEnabled ?? false,
    ai: options.ai ?? null,
    webhookAllowHosts: options.webhookAllowHosts ?? [],
    signin: {
      sms: { name: "console", send: async (phone, code) => void outbox.sms.push({ phone, code }) },
      mail: { name: "console", send: async (mail) => void outbox.mail.push(mail) },
      siteUrl: "http://yishe.test",
      ...options.signin,
    },
  }));
  const built = apiOptions.map((o) => buildApi(o));
  const apis = built.map((b) => b.app);
  const api = apis[0];
  /** The first process's API as a page's loaders reach it in server.ts: each value checked as its JSON would be. */
  const transport = inProcess(
    { call: built[0].call, fetch: async (request, clientIp) => api.fetch(request, { clientIp }) },
    { checked: true },
  );
  // One counter for the API and the test's own deps, as server.ts shares one (in the cluster: all of them).
  const deps = { ...createDeps(apiOptions[0]), views: site.views };
  const handlers = jobHandlers(deps);
  let turn = 0;
  let sticky = false;

  async function call<T = unknown>(
    method: "GET" | "POST",
    path: string,
    opts: {
      body?: Record<string, FieldValue> | FormData;
      json?: unknown;
      token?: string;
      /** A personal access token, sent as `Authorization: Bearer`. */
      bearer?: string;
      ip?: string;
      /** The browser's User-Agent. */
      agent?: string;
    } = {},
  ): Promise<Reply<T>> {
    const headers: Record<string, string> = { "X-Client": "vitest" };
    if (opts.agent) headers["User-Agent"] = opts.agent;
    if (opts.token) headers["X-User-Token"] = opts.token;
    if (opts.bearer) headers.Authorization = `Bearer ${opts.bearer}`;
    let body: BodyInit | undefined;
    if (opts.json !== undefined) {
      headers["Content-Type"] = "application/json";
      body = JSON.stringify(opts.json);
    } else if (opts.body instanceof FormData) body = opts.body;
    else if (opts.body) {
      headers["Content-Type"] = "application/x-www-form-urlencoded";
      // A list is the field repeated, as a form sends it; an absent value is no field at all.
      body = new URLSearchParams(
        Object.entries(opts.body).flatMap(([k, v]) =>
          v === undefined || v === null ? [] : Array.isArray(v) ? v.map((x) => [k, String(x)]) : [[k, String(v)]],
        ),
      );
    }
    const i = sticky ? 0 : turn++ % apis.length;
    const res = await apis[i].request(path, { method, headers, body }, { clientIp: opts.ip ?? "" });
    // In the cluster stack, what a write tells the other process reaches it within a moment: the next call waits
    // for that moment, as a person's next click would.
    if (method === "POST") await site.settled(i);
    // The mail a write queued goes out before the next step, as it would a moment later in a running site.
    if (method === "POST") await jobs.runDue(handlers);
    return { status: res.status, body: (await res.json()) as Reply<T>["body"] };
  }

  /**
   * A call by its declaration (contract/<domain>/endpoints.ts), sent over HTTP as a client would: the path filled from
   * `params`, the query and body with the declared fields only, and the answer typed as the endpoint declares.
   */
  async function send<E extends Endpoint>(
    endpoint: E,
    input: CallInput<E>,
    opts: { token?: string; bearer?: string; ip?: string; agent?: string } = {},
  ): Promise<Reply<AnswerOf<E>>> {
    const { params, query, body } = input as AnyInput;
    const search = new URLSearchParams();
    for (const [k, v] of Object.entries(query ?? {})) if (v !== undefined && v !== null) search.set(k, String(v));
    const path = `/api${pathOf(endpoint, params)}${search.size ? `?${search}` : ""}`;
    return call<AnswerOf<E>>(endpoint.method, path, { ...opts, body: body as Record<string, FieldValue> });
  }

  let seq = 0;
  /** Registers someone through the API and returns the session. */
  async function signup(overrides: Record<string, string> = {}): Promise<Session> {
    seq++;
    const password = overrides.password ?? "secret123";
    const res = await call<Session>("POST", "/api/login/signup", {
      // Each from an address of its own: sign-ups are counted per address.
      ip: `198.18.${seq >> 8}.${seq & 255}`,
      body: {
        nickname: `用户${seq}`,
        username: `user${seq}x`,
        email: `user${seq}@example.com`,
        password,
        rePassword: password,
        ...overrides,
      },
    });
    if (!res.body.success) throw new Error(`signup failed: ${res.body.message}`);
    return res.body.data;
  }

  /** Follows the newest verification link mailed to `email`, as its owner would. */
  async function verifyEmail(email: string) {
    const mail = outbox.mail.filter((m) => m.to === email.toLowerCase() && /token=/.test(m.text)).at(-1);
    if (!mail) throw new Error(`no verification mail to ${email}`);
    const token = /token=([\w-]+)/.exec(mail.text)![1];
    const res = await call("POST", "/api/login/email/verify", { body: { token } });
    if (!res.body.success) throw new Error(`verify failed: ${res.body.message}`);
  }

  return {
    api,
    transport,
    deps,
    verifyEmail,
    db: database.db,
    call,
    send,
    signup,
    setNow: (ms: number) => (now = ms),
    /**
     * Every account so far made a week and a day old: members with standing, whose marks count on charts, 推荐 and
     * points (contract/charts/charts.ts markStanding). Accounts a test makes stay as new as they are unless it says so.
     */
    season: async () => {
      await database.db
        .updateTable("users")
        .set((eb) => ({ created_at: eb("created_at", "-", 8 * 86_400_000) }))
        .execute();
    },
    /**
     * Every call to one process (a proxy with session affinity), for tests of what a process keeps for itself;
     * the default sends each call to the other process than the one before (api/test/stack.ts).
     */
    stickToOne: (on = true) => void (sticky = on),
    now: () => now,
    uploadsDir,
    /** Stored files' keys (under a folder), and one file's bytes by its /uploads address, on either storage. */
    storedKeys: site.keys,
    stored: site.read,
    /** A live captcha's code, from whichever store the site keeps them in, as only a person looking could read it. */
    captchaCode: async (id: string) => deps.captchas.peek(id, now),
    outbox,
    /** The queue and what its jobs do, for tests of background work. */
    jobs,
    handlers,
    close: async () => {
      await jobs.stop();
      await site.close();
      await database.drop();
      rmSync(uploadsDir, { recursive: true, force: true });
    },
  };
}

/** The cast of the moderation and listing suites: the owner (first to sign up), an author, a reader, one node. */
export async function startWithCast(options: Parameters<typeof startApi>[0] = {}) {
  const t = await startApi(options);
  const owner = await t.signup({ username: "owner" });
  const author = await t.signup({ username: "author" });
  const reader = await t.signup({ username: "reader" });
  const created = await t.call<{ nodeId: number }>("POST", "/api/admin/nodes", {
    token: owner.token,
    body: { name: "插画" },
  });
  return { t, owner, author, reader, nodeId: created.body.data.nodeId };
}

/** How many rows a table holds. */
export async function countRows(t: Pick<TestApi, "db">, table: keyof DB): Promise<number> {
  const row = await t.db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll().as("n"))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Inserts a node and works directly, for tests that read lists. */
export async function insertNode(t: TestApi, name: string): Promise<number> {
  const row = await t.db
    .insertInto("nodes")
    .values({ name, created_at: t.now() })
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function insertWork(
  t: TestApi,
  values: {
    userId: number;
    nodeId?: number | null;
    type?: number;
    title?: string;
    content?: string;
    score?: number;
    createdAt?: number;
  },
): Promise<number> {
  const at = values.createdAt ?? t.now();
  const row = await t.db
    .insertInto("works")
    .values({
      type: values.type ?? 1,
      user_id: values.userId,
      node_id: values.nodeId ?? null,
      title: values.title ?? "",
      content: values.content ?? "内容",
      score: values.score ?? 0,
      created_at: at,
      updated_at: at,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  // As publishing does, in the search index too.
  await indexWorks(t.db, t.deps.dialect, [row.id]);
  return row.id;
}

export async function insertUser(t: TestApi, username: string, roles = ""): Promise<number> {
  return insertUserRow(t.db, {
    username,
    nickname: username,
    roles,
    password_hash: await hashPassword("secret123"),
    created_at: t.now(),
    updated_at: t.now(),
  });
}

/**
 * What most suites start each test with: a fresh API, these members signed up in order (the first becomes the
 * owner) and a node named 插画 to publish in.
 */
export async function apiWith(...usernames: string[]): Promise<{ t: TestApi; members: Session[]; node: number }> {
  const t = await startApi();
  const members: Session[] = [];
  for (const username of usernames) members.push(await t.signup({ username }));
  return { t, members, node: await insertNode(t, "插画") };
}
