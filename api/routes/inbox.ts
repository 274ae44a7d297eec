import { Hono } from "hono";
import { z } from "zod";
import type { ApiEnv } from "../context.ts";
import { requireUser } from "../lib/auth.ts";
import { ok } from "../lib/envelope.ts";
import { ApiError } from "../lib/errors.ts";
import { id, parseBody, parseQuery } from "../lib/validate.ts";
import { hubOf } from "../services/live.ts";
import { sessionUser } from "../services/auth.ts";
import { msgRecent, notificationsOf, readAllNotifications, readNotification } from "../services/notifications.ts";
import type { MsgRecent } from "../../contract/types.ts";

const notificationBody = z.object({ id: id("通知") });

const listQuery = z.object({
  cursor: z.string().max(200).optional(),
  unread: z.enum(["0", "1"], { error: "筛选条件无效" }).optional(),
});

/** A stream lives this long; the browser then opens a new one, which checks the session again. */
export const STREAM_MAX_MS = 15 * 60_000;
/** A comment line this often keeps proxies from closing a quiet stream. */
export const HEARTBEAT_MS = 25_000;
/** One person's open streams in one process; past this a new one is refused. */
export const STREAMS_PER_USER = 12;

/** spec §7 msgrecent, and the stream that keeps an open page's badge current (text/event-stream). */
export const inboxRoutes = new Hono<ApiEnv>()
  .get("/msgrecent", async (c) => ok(c, await msgRecent(c.get("deps"), requireUser(c).id)))
  .get("/events", async (c) => {
    const user = requireUser(c);
    const token = c.get("token");
    const deps = c.get("deps");
    const hub = hubOf(deps);
    if (hub.count(user.id) >= STREAMS_PER_USER) throw new ApiError("tooManyRequests", "打开的页面太多了");
    const encoder = new TextEncoder();
    let cleanup = () => {};
    const body = new ReadableStream<Uint8Array>({
      async start(controller) {
        let open = true;
        const write = (text: string) => {
          if (open) controller.enqueue(encoder.encode(text));
        };
        // The session is asked again before anything is sent, and at every heartbeat: a stream opened with a token
        // that was since signed out, replaced by a password change or ended by a ban closes, and tells nothing.
        const alive = async () => (await sessionUser(deps, token).catch(() => null))?.id === user.id;
        const send = async (recent: MsgRecent) => {
          if (!(await alive())) return end();
          write(`event: unread\ndata: ${JSON.stringify(recent)}\n\n`);
        };
        const stopListening = hub.listen(user.id, (recent) => void send(recent));
        const heartbeat = setInterval(async () => {
          if (await alive()) write(": ping\n\n");
          else end();
        }, HEARTBEAT_MS);
        const end = () => {
          if (!open) return;
          open = false;
          cleanup();
          try {
            controller.close();
          } catch {
            // already closed by the reader
          }
        };
        const expire = setTimeout(end, STREAM_MAX_MS);
        const stopClose = hub.onClose(end);
        cleanup = () => {
          open = false;
          stopListening();
          stopClose();
          clearInterval(heartbeat);
          clearTimeout(expire);
        };
        write("retry: 3000\n\n");
        // The state as of now: a page that reconnects catches up on whatever it missed.
        try {
          await send(await msgRecent(deps, user.id));
        } catch (err) {
          deps.log.warn("inbox stream start failed", { error: String(err) });
          end();
        }
      },
      cancel() {
        cleanup();
      },
    });
    return new Response(body, {
      headers: {
        "Content-Type": "text/event-stream; charset=utf-8",
        "Cache-Control": "no-cache, no-transform",
        "X-Accel-Buffering": "no",
      },
    });
  });

export const notificationRoutes = new Hono<ApiEnv>()
  .get("/list", async (c) => {
    const user = requireUser(c);
    const q = parseQuery(c, listQuery);
    return ok(c, await notificationsOf(c.get("deps"), user.id, { cursor: q.cursor, unreadOnly: q.unread === "1" }));
  })
  .post("/read", async (c) => {
    const user = requireUser(c);
    const { id: notificationId } = await parseBody(c, notificationBody);
    return ok(c, await readNotification(c.get("deps"), user.id, notificationId));
  })
  .post("/readall", async (c) => ok(c, await readAllNotifications(c.get("deps"), requireUser(c).id)));
