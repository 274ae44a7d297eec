import {
  blockStanding,
  insertMessage,
  listConversations,
  listMessages,
  markConversationRead,
  setBlock,
  type ConversationRow,
} from "../../db/queries/messages.ts";
import { findUserById } from "../../db/queries/users.ts";
import { ApiError } from "../../lib/errors.ts";
import { UserStatus } from "../../../contract/shared/kinds.ts";
import type { ChatView, ConversationView, PrivateMessageView } from "../../../contract/inbox/views.ts";
import type { Page } from "../../../contract/shared/page.ts";
import type { CurrentUserView } from "../../../contract/signin/views.ts";
import type { Deps } from "../deps.ts";
import { assertMayPost } from "../moderation/restrictions.ts";
import { screen } from "../moderation/sensitive-words.ts";
import { assertVerified } from "../signin/ways-in.ts";
import { transact } from "../transaction.ts";
import { userRef } from "../people/users.ts";
import { decodeCursor, keysetPage } from "../paging.ts";

const PAGE = 30;

export function conversationView(r: ConversationRow, viewerId: number): ConversationView {
  return {
    peer: userRef(r.id, r),
    lastContent: r.last_content,
    lastFromMe: r.last_sender_id === viewerId,
    lastAt: r.last_at,
    unreadCount: r.unread_count,
  };
}

async function peerOf(deps: Deps, viewerId: number, peerId: number) {
  if (peerId === viewerId) throw new ApiError("validation", "不能给自己发私信");
  const peer = await findUserById(deps.db, peerId);
  if (!peer || peer.status !== UserStatus.active) throw new ApiError("notFound", "用户不存在");
  return peer;
}

const toMessage = (r: Awaited<ReturnType<typeof listMessages>>[number]): PrivateMessageView => ({
  messageId: r.id,
  senderId: r.sender_id,
  content: r.content,
  read: r.read_at > 0,
  createdAt: r.created_at,
});

/**
 * Sends a private message: to someone else who exists and has not blocked the sender, and whom the sender has not
 * blocked; at most messageLimits.perMinute a minute; with REQUIRE_VERIFIED, from a verified account only.
 */
export async function sendMessage(
  deps: Deps,
  sender: CurrentUserView,
  recipientId: number,
  content: string,
): Promise<PrivateMessageView> {
  assertVerified(deps, sender);
  assertMayPost(deps, sender);
  const senderId = sender.id;
  await peerOf(deps, senderId, recipientId);
  const standing = await blockStanding(deps.db, senderId, recipientId);
  if (standing.blockedBy) throw new ApiError("blocked");
  if (standing.blocking) throw new ApiError("blocked", "你已将对方拉黑，取消拉黑后才能发私信");
  if (await deps.limiter.hit("messageSend", String(senderId)))
    throw new ApiError("tooManyRequests", "私信发得太快了，请稍后再试");
  content = (await screen(deps, { content })).fields.content;
  return transact(deps, async (tx) => {
    const messageId = await insertMessage(tx.trx, { senderId, recipientId, content, at: tx.now });
    tx.touched.add(recipientId);
    tx.pushes?.push({ userId: recipientId, kind: "message", ref: messageId });
    // The sender's other pages show the conversation moving too.
    tx.touched.add(senderId);
    return { messageId, senderId, content, read: false, createdAt: tx.now };
  });
}

/**
 * A conversation, newest first. Opening it (`markRead`) reads what the other person sent; the messages page itself
 * never marks anything.
 */
export async function chatWith(
  deps: Deps,
  viewerId: number,
  peerId: number,
  opts: { cursor?: string; markRead?: boolean },
): Promise<ChatView> {
  const peer = await peerOf(deps, viewerId, peerId);
  const [rows, standing] = await Promise.all([
    listMessages(deps.db, viewerId, peerId, { after: decodeCursor(opts.cursor), limit: PAGE }),
    blockStanding(deps.db, viewerId, peerId),
  ]);
  if (opts.markRead)
    await transact(deps, async (tx) => {
      if (await markConversationRead(tx.trx, viewerId, peerId, tx.now)) tx.touched.add(viewerId);
    });
  const { page, hasMore, cursor } = keysetPage(rows, PAGE, (r) => r.created_at);
  return {
    peer: userRef(peer.id, {
      user_nickname: peer.nickname,
      user_username: peer.username,
      user_avatar: peer.avatar,
      user_small_avatar: peer.small_avatar,
    }),
    ...standing,
    messages: { results: page.map(toMessage), cursor, hasMore },
  };
}

export async function conversationsOf(deps: Deps, userId: number, cursor?: string): Promise<Page<ConversationView>> {
  const rows = await listConversations(deps.db, userId, { after: decodeCursor(cursor), limit: PAGE });
  const { page, hasMore, cursor: next } = keysetPage(rows, PAGE, (r) => r.last_at);
  return { results: page.map((r) => conversationView(r, userId)), cursor: next, hasMore };
}

/** Blocks (or unblocks) someone: their messages are refused from now on. */
export async function blockUser(deps: Deps, userId: number, targetId: number, on: boolean) {
  if (userId === targetId) throw new ApiError("validation", "不能拉黑自己");
  await peerOf(deps, userId, targetId);
  await setBlock(deps.db, userId, targetId, on, deps.now());
  return { blocking: on };
}
