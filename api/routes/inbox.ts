import { endpoints } from "../lib/endpoint.ts";
import { inbox } from "../../contract/inbox/endpoints.ts";
import { requireUser } from "../lib/auth.ts";
import { ApiError } from "../lib/errors.ts";
import { blockUser, chatWith, conversationsOf, sendMessage } from "../services/inbox/messages.ts";
import { hubOf } from "../services/inbox/live.ts";
import { sessionUser } from "../services/signin/auth.ts";
import { msgRecent, notificationsOf, readAllNotifications, readNotification } from "../services/inbox/notifications.ts";
import type { MsgRecent } from "../../contract/inbox/views.ts";
import { describeError } from "../../contract/shared/log.ts";

/** A stream lives this long; the browser then opens a new one, which checks the session again. */
export const STREAM_MAX_MS = 15 * 60_000;
/** A comment line this often keeps proxies from closing a quiet stream. */
export const HEARTBEAT_MS = 25_000;
/** One person's open streams in one process; past this a new one is refused. */
export const STREAMS_PER_USER = 12;

/** requirements §7 msgrecent, the stream that keeps an open page's badge current (text/event-stream), notifications and private messages. */
export const inboxRoutes = endpoints()
  .answer(inbox.recent, async (c) => msgRecent(c.deps, requireUser(c).id))
  .respond(inbox.events, async (c) => {
    const user = requireUser(c);
    const token = c.token;
    const deps = c.deps;
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
          deps.log.warn("inbox stream start failed", { error: describeError(err) });
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
  })
  .answer(inbox.notifications, async (c) => {
    const user = requireUser(c);
    const q = c.input.query;
    return notificationsOf(c.deps, user.id, { cursor: q.cursor, unreadOnly: q.unread === "1" });
  })
  .answer(inbox.readNotification, async (c) => {
    const user = requireUser(c);
    const { id: notificationId } = c.input.body;
    return readNotification(c.deps, user.id, notificationId);
  })
  .answer(inbox.readAllNotifications, async (c) => readAllNotifications(c.deps, requireUser(c).id))
  // Private messages: the conversation list, one conversation, sending, and blocking someone.
  .answer(inbox.conversations, async (c) => {
    const user = requireUser(c);
    return conversationsOf(c.deps, user.id, c.input.query.cursor);
  })
  .answer(inbox.chat, async (c) => {
    const user = requireUser(c);
    const peerId = c.input.params.userId;
    const q = c.input.query;
    return chatWith(c.deps, user.id, peerId, { cursor: q.cursor, markRead: q.markRead === "1" });
  })
  .answer(inbox.send, async (c) => {
    const user = requireUser(c);
    const { userId, content } = c.input.body;
    return sendMessage(c.deps, user, userId, content);
  })
  .answer(inbox.block, async (c) => {
    const user = requireUser(c);
    return blockUser(c.deps, user.id, c.input.body.userId, true);
  })
  .answer(inbox.unblock, async (c) => {
    const user = requireUser(c);
    return blockUser(c.deps, user.id, c.input.body.userId, false);
  }).all;
