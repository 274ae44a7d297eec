import { readdirSync, statSync } from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { requestLimits } from "../../contract/shared/limits.ts";
import { SPOOL_PREFIX } from "../../server/spool.ts";
import { largeBodies, largeBodyTurns } from "../../server/guards.ts";
import { startSite, type TestSite } from "./test-site.ts";

// Large bodies (uploads, publishing with files, pictures) on the web's routes and the API's file routes: who may
// send them, how many at once, where they wait and in what turns they are read (server/guards.ts).
let s: TestSite;
beforeAll(async () => {
  s = await startSite();
});
afterAll(async () => s.close());

describe("large bodies from strangers", () => {
  /** A body that counts what was read of it, and can be held open until `release`. */
  function watched(bytes: number) {
    let read = 0;
    let release = () => {};
    const held = new Promise<void>((r) => (release = r));
    const body = new ReadableStream<Uint8Array>({
      async pull(controller) {
        if (read >= bytes) {
          await held;
          return controller.close();
        }
        read += 64 * 1024;
        controller.enqueue(new Uint8Array(64 * 1024));
      },
    });
    return { body, read: () => read, release };
  }

  it.each(["/art/create", "/upload", "/art/edit/1", "/user/background"])(
    "refuses a signed-out post to %s before reading its body",
    async (route) => {
      for (const cookie of [{}, { Cookie: "token=forged-token-123" }] as Record<string, string>[]) {
        const big = watched(99 * 1024 * 1024);
        const res = await s.post(route, big.body, {
          "Content-Type": "multipart/form-data; boundary=x",
          Referer: `${s.origin}/art/create`,
          ...cookie,
        });
        // The uploader is answered; a browser's form post goes to sign in and back to the page it came from.
        if (route === "/upload") {
          expect(res.status).toBe(401);
          expect(await res.text()).toContain("请先登录");
        } else {
          expect(res.status).toBe(302);
          expect(res.headers.get("location")).toBe("/user/signin?ref=%2Fart%2Fcreate");
        }
        // At most what the stream queued before anyone asked: not the 99 MB.
        expect(big.read()).toBeLessThanOrEqual(128 * 1024);
        big.release();
      }
    },
  );

  it("writes a large post to disk as it arrives, not to memory, and removes it once answered", async () => {
    const { token } = await s.member("spooler");
    const spooled = () =>
      readdirSync(path.dirname(SPOOL_PREFIX))
        .filter((f) => f.startsWith(path.basename(SPOOL_PREFIX)))
        .map((f) => statSync(path.join(path.dirname(SPOOL_PREFIX), f)).size);
    const before = spooled().length;
    const slow = watched(2 * 1024 * 1024);
    const pending = s.post("/upload", slow.body, {
      "Content-Type": "multipart/form-data; boundary=x",
      Cookie: `token=${token}`,
    });
    try {
      // Still arriving: on disk already, all of it that came (polled: a busy machine takes more than a moment).
      await expect.poll(() => spooled().some((size) => size >= 2 * 1024 * 1024), { timeout: 10_000 }).toBe(true);
    } finally {
      // Held open otherwise, it would take this client's share of large bodies from the tests after it.
      slow.release();
    }
    expect((await pending).status).toBe(400);
    expect(spooled()).toHaveLength(before);
  });

  it("takes two large bodies at once from one client, and refuses a third until one ends", async () => {
    const { token } = await s.member("threeposts");
    const headers = { "Content-Type": "multipart/form-data; boundary=x", Cookie: `token=${token}` };
    const first = watched(1024 * 1024);
    const second = watched(1024 * 1024);
    const pending = [s.post("/upload", first.body, headers), s.post("/upload", second.body, headers)];
    await new Promise((r) => setTimeout(r, 50));
    const third = await s.post("/upload", watched(1024).body, headers);
    expect(third.status).toBe(429);
    expect(await third.json()).toMatchObject({ ok: false, error: expect.stringContaining("请稍后再试") });
    // From another address the same moment: its own allowance (a background, 21MB, fits the process's budget).
    const other = await s.send("/user/background", {
      method: "POST",
      headers: { Origin: s.origin, ...headers },
      body: new Uint8Array(16),
      duplex: "half",
      ip: "198.51.100.7",
    } as RequestInit & { ip: string });
    expect(other.status).not.toBe(429);
    first.release();
    second.release();
    for (const res of await Promise.all(pending)) expect(res.status).toBe(400);
    const after = watched(1);
    after.release();
    expect((await s.post("/upload", after.body, headers)).status).toBe(400);
  });

  it("takes in at most a budget of bytes at once in one process, whoever sends them", async () => {
    const { token } = await s.member("budget");
    const from = (ip: string, route: string, body: ReadableStream) =>
      s.send(route, {
        method: "POST",
        headers: { Origin: s.origin, "Content-Type": "multipart/form-data; boundary=x", Cookie: `token=${token}` },
        body,
        duplex: "half",
        ip,
      } as RequestInit & { ip: string });
    // A streamed body counts as its route's whole limit until it ends: two uploads (51MB each) fit in 128MB...
    const [first, second] = [watched(1024), watched(1024)];
    const pending = [from("198.51.100.21", "/upload", first.body), from("198.51.100.22", "/upload", second.body)];
    await new Promise((r) => setTimeout(r, 50));
    // ...a third, or a publish (100MB), from anyone else does not.
    for (const route of ["/upload", "/art/create"]) {
      const refused = await from("198.51.100.23", route, watched(1024).body);
      expect(refused.status, route).toBe(429);
      expect(await refused.text()).toContain("同时上传的人太多了");
    }
    second.release();
    await pending[1];
    const small = watched(1);
    small.release();
    expect((await from("198.51.100.24", "/upload", small.body)).status).toBe(400);
    first.release();
    await pending[0];
  });

  describe("posted straight to the API's file routes, as an app would", () => {
    const api = (route: string, body: BodyInit, headers: Record<string, string> = {}, ip = "198.51.100.40") =>
      s.send(route, {
        method: "POST",
        headers: { "Content-Type": "multipart/form-data; boundary=x", ...headers },
        body,
        duplex: "half",
        ip,
      } as RequestInit & { ip: string });

    it("refuses a stranger before reading the body, in the API's envelope", async () => {
      for (const route of ["/api/upload", "/api/upload/audio", "/api/user/set/avatar"])
        for (const headers of [{}, { "X-User-Token": "forged-token-123" }] as Record<string, string>[]) {
          const big = watched(99 * 1024 * 1024);
          const res = await api(route, big.body, headers);
          expect(res.status, route).toBe(401);
          expect(await res.json()).toMatchObject({
            success: false,
            errorCode: 1003,
            message: expect.stringContaining("请先登录"),
          });
          expect(big.read()).toBeLessThanOrEqual(128 * 1024);
          big.release();
        }
    });

    it("takes two bodies at once from one client and refuses a third; each waits on disk, not in memory", async () => {
      const { token } = await s.member("appuploader");
      const headers = { "X-User-Token": token };
      const spooled = () =>
        readdirSync(path.dirname(SPOOL_PREFIX)).filter((f) => f.startsWith(path.basename(SPOOL_PREFIX)));
      const before = spooled().length;
      const [first, second] = [watched(2 * 1024 * 1024), watched(1024)];
      const pending = [api("/api/upload", first.body, headers), api("/api/upload", second.body, headers)];
      try {
        await expect.poll(() => spooled().length, { timeout: 10_000 }).toBeGreaterThanOrEqual(before + 2);
        const third = await api("/api/upload", watched(1024).body, headers);
        expect(third.status).toBe(429);
        expect(await third.json()).toMatchObject({
          success: false,
          errorCode: 1029,
          message: expect.stringContaining("请稍后再试"),
        });
      } finally {
        first.release();
        second.release();
      }
      // Not a picture: the API's own answer once the body is in, and nothing left on disk.
      for (const res of await Promise.all(pending)) expect(res.status).toBe(400);
      expect(spooled()).toHaveLength(before);
    });

    it("handles bodies that are all in by turns: one waits while the process's share of bytes is at work", async () => {
      const { token } = await s.member("inturn");
      const png = await sharp({ create: { width: 32, height: 32, channels: 3, background: "#3c3" } })
        .png()
        .toBuffer();
      const picture = () => {
        const form = new FormData();
        form.set("image", new File([new Uint8Array(png)], "a.png", { type: "image/png" }));
        return form;
      };
      let release = () => {};
      const atWork = largeBodyTurns.run(largeBodies.bytesAtWork, () => new Promise<void>((r) => (release = r)));
      let answered = 0;
      const pending = [
        s.send("/api/upload", {
          method: "POST",
          headers: { "X-User-Token": token },
          body: picture(),
          ip: "198.51.100.42",
        } as RequestInit & { ip: string }),
        s.post("/upload", picture(), { Cookie: `token=${token}` }),
      ].map(async (p) => {
        const res = await p;
        answered++;
        return res;
      });
      try {
        // Both in, both waiting their turn: nothing of either has been read into memory yet.
        await expect.poll(() => largeBodyTurns.busy.waiting).toBe(2);
        await new Promise((r) => setTimeout(r, 100));
        expect(answered).toBe(0);
      } finally {
        release();
      }
      await atWork;
      for (const res of await Promise.all(pending)) expect(res.status).toBe(200);
      expect(largeBodyTurns.busy).toEqual({ bytes: 0, waiting: 0 });
    });

    it("hands the uploader's post to the API as it came when it says the kind, and answers as before", async () => {
      const { token } = await s.member("passon");
      const png = await sharp({ create: { width: 40, height: 30, channels: 3, background: "#33c" } })
        .png()
        .toBuffer();
      const form = (field: string, bytes: Uint8Array<ArrayBuffer>) => {
        const f = new FormData();
        f.set(field, new File([bytes], "a.png", { type: "image/png" }));
        return f;
      };
      const cookie = { Cookie: `token=${token}` };
      const stored = await s.post("/upload?field=image", form("image", new Uint8Array(png)), cookie);
      expect(await stored.json()).toMatchObject({ ok: true, data: { width: 40, height: 30 } });
      // The API's own refusals come back in the uploader's words.
      const junk = await s.post("/upload?field=image", form("image", new Uint8Array(64).fill(7)), cookie);
      expect(junk.status).toBe(400);
      expect(await junk.json()).toMatchObject({ ok: false, error: expect.stringContaining("无法识别") });
      const wrongField = await s.post("/upload?field=audio", form("image", new Uint8Array(png)), cookie);
      expect(await wrongField.json()).toMatchObject({ ok: false, error: "请选择要上传的音频" });
      const broken = await s.post("/upload?field=image", "--zz\r\nbroken", {
        ...cookie,
        "Content-Type": "multipart/form-data; boundary=zz",
      });
      expect([broken.status, (await broken.json()).ok]).toEqual([400, false]);
      const stranger = await s.post("/upload?field=image", form("image", new Uint8Array(png)));
      expect(stranger.status).toBe(401);
    });

    it("stores a real picture, and answers a file declared too large in the API's own words", async () => {
      const { token } = await s.member("appphotos");
      const form = new FormData();
      const png = await sharp({ create: { width: 64, height: 48, channels: 3, background: "#c33" } })
        .png()
        .toBuffer();
      form.set("image", new File([new Uint8Array(png)], "a.png", { type: "image/png" }));
      const ok = await s.send("/api/upload", {
        method: "POST",
        headers: { "X-User-Token": token },
        body: form,
        ip: "198.51.100.41",
      } as RequestInit & { ip: string });
      expect(await ok.json()).toMatchObject({ success: true, data: { width: 64, height: 48 } });
      const huge = await api("/api/upload", "x", {
        "X-User-Token": token,
        "Content-Length": String(requestLimits.apiImage + 1),
      });
      expect(await huge.json()).toMatchObject({ success: false, message: "图片不能超过20MB" });
    });
  });
});
