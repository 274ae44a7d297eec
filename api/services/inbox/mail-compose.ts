import { findUserById } from "../../db/queries/users.ts";
import { dropEmailTokens, insertEmailToken, purgeEmailTokens } from "../../db/queries/signin.ts";
import { linkMail, type Mail } from "../../lib/mail.ts";
import { hashToken, newToken } from "../../lib/token.ts";
import { mailLinkLimits } from "../../../contract/signin/ways-in.ts";
import { UserStatus } from "../../../contract/shared/kinds.ts";
import type { MailKind } from "../../../contract/jobs/jobs.ts";
import { getConfig } from "../config.ts";
import type { Deps } from "../deps.ts";
import { digestMail } from "./digest-mail.ts";

const HOUR = 3_600_000;

/**
 * A mail's text, made when it is sent rather than when it is asked for: its link is new then, so no secret ever
 * waits in the queue or the log, and a retry sends a link as fresh as the first. Null when there is nothing to send
 * any more (the account is gone, the digest has nothing new).
 */
export async function composeMail(
  deps: Deps,
  mail: { kind: MailKind; to_address: string; user_id: number | null },
): Promise<Mail | null> {
  const title = (await getConfig(deps)).siteTitle;
  const to = mail.to_address;
  if (mail.kind === "taken")
    return linkMail(to, {
      subject: `【${title}】这个邮箱已经注册过了`,
      name: "你好",
      lead: `有人想用 ${to} 注册或绑定${title}的账号，但这个邮箱已经属于一个账号。如果是你，可以直接登录；忘了密码可以重置。`,
      action: "重置密码",
      url: `${deps.signin.siteUrl}/user/password/forgot`,
      note: "如果这不是你的操作，请忽略这封邮件，你的账号不受影响。",
    });
  const user = mail.user_id ? await findUserById(deps.db, mail.user_id) : undefined;
  if (!user || user.status !== UserStatus.active) return null;
  if (mail.kind === "digest") return digestMail(deps, user, title);
  if (mail.kind === "verify") {
    const token = await newLink(deps, user.id, "verify", to);
    return linkMail(to, {
      subject: `【${title}】请验证你的邮箱`,
      name: user.nickname,
      lead: `请点击下面的按钮，确认 ${to} 是你在${title}使用的邮箱。`,
      action: "验证邮箱",
      url: `${deps.signin.siteUrl}/user/email/verify?token=${token}`,
      note: `链接${mailLinkLimits.verifyHours}小时内有效，只能使用一次。如果这不是你的操作，请忽略这封邮件。`,
    });
  }
  // Only the newest reset link works.
  await dropEmailTokens(deps.db, user.id, "reset");
  const token = await newLink(deps, user.id, "reset", to);
  return linkMail(to, {
    subject: `【${title}】重置密码`,
    name: user.nickname,
    lead: `你（或其他人）申请重置${title}账号 ${user.username} 的密码。点击下面的按钮设置新密码。`,
    action: "重置密码",
    url: `${deps.signin.siteUrl}/user/password/reset?token=${token}`,
    note: `链接${mailLinkLimits.resetHours}小时内有效，只能使用一次；重置后所有设备都需要重新登录。如果这不是你的操作，请忽略这封邮件。`,
  });
}

/** A new link's token; only its hash is kept, with the address it goes to and when it stops working. */
async function newLink(deps: Deps, userId: number, purpose: "verify" | "reset", email: string) {
  const token = newToken();
  const now = deps.now();
  await purgeEmailTokens(deps.db, now);
  const hours = purpose === "verify" ? mailLinkLimits.verifyHours : mailLinkLimits.resetHours;
  await insertEmailToken(deps.db, {
    token_hash: hashToken(token),
    user_id: userId,
    purpose,
    email,
    created_at: now,
    expires_at: now + hours * HOUR,
  });
  return token;
}
