import { findMailChoices, unreadSince } from "../../db/queries/mail-choices.ts";
import { linkMail, type Mail } from "../../lib/mail.ts";
import { isMailNoticeKind, mailNoticeKinds } from "../../../contract/jobs/jobs.ts";
import type { Deps } from "../deps.ts";

const DAY = 86_400_000;
const MOST_LINES = 20;

const said: Record<string, string> = {
  like: "赞了你的作品",
  favorite: "收藏了你的作品",
  comment: "评论了你的作品",
  reply: "回复了你的评论",
  mention: "在评论中提到了你",
  follow: "关注了你",
  recommend: "把你的作品选入了编辑精选",
  removed: "删除了你的作品",
  hidden: "隐藏了你的内容",
  restored: "恢复了你的内容",
  muted: "对你作出了禁言",
  report: "处理了你的举报",
  level: "通知你升级了",
  copy: "提醒你：这件作品中有图片与站内更早发布的作品相似",
  copied: "的作品中有图片与你的作品相似",
  claim: "转达了一份关于你作品的版权申诉",
  award: "公布了活动结果：你的作品获奖了",
  tip: "打赏了你的作品",
  commission: "更新了你的约稿",
};

/** The digest's text, made at sending: the member's unread notifications of the chosen kinds from the last day. */
export async function digestMail(
  deps: Deps,
  user: { id: number; nickname: string; email: string | null },
  title: string,
): Promise<Mail | null> {
  const choices = await findMailChoices(deps.db, user.id);
  if (!choices || !user.email) return null;
  const kinds = choices.kinds
    .split(",")
    .filter(isMailNoticeKind)
    .flatMap((k) => mailNoticeKinds[k].of as readonly string[]);
  const rows = await unreadSince(deps.db, user.id, kinds, deps.now() - DAY, MOST_LINES);
  if (!rows.length) return null;
  const lines = rows.map(
    (r) => `${r.nickname ?? title}${said[r.kind] ?? "有新动态"}${r.title ? `《${r.title}》` : ""}`,
  );
  const off = `${deps.signin.siteUrl}/api/mail/unsubscribe?u=${user.id}&k=${choices.unsubscribe_key}`;
  const mail = linkMail(user.email, {
    subject: `【${title}】你有 ${rows.length} 条新通知`,
    name: user.nickname,
    lead: "这是你选择通过邮件接收的通知摘要：",
    lines,
    action: "查看通知",
    url: `${deps.signin.siteUrl}/user/messages`,
    note: `不想再收到这类邮件？在「账号设置 → 邮件通知」中修改，或打开这个地址一键退订：${deps.signin.siteUrl}/mail/unsubscribe?u=${user.id}&k=${choices.unsubscribe_key}`,
  });
  return {
    ...mail,
    headers: { "List-Unsubscribe": `<${off}>`, "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" },
  };
}
