import type { NotificationView } from "./views.ts";
import { claimPath } from "../shared/return-path.ts";
import { commissionSteps } from "../commissions/states.ts";

/** What a notification says, after the actor's name (when it has one), and where opening it goes. */
export function describeNotification(n: NotificationView): { text: string; to: string } {
  const work = n.work ? `《${n.work.title || "无标题"}》` : "作品";
  const workPath = n.work ? `/art/${n.work.artId}` : "/user/messages";
  const commentPath = n.work ? `${workPath}#comments` : workPath;
  switch (n.kind) {
    case "like":
      return { text: `赞了你的作品${work}`, to: workPath };
    case "favorite":
      return { text: `收藏了你的作品${work}`, to: workPath };
    case "comment":
      return { text: `评论了你的作品${work}`, to: commentPath };
    case "reply":
      return { text: `回复了你在${work}下的评论`, to: commentPath };
    case "mention":
      return { text: `在${work}的评论中提到了你`, to: commentPath };
    case "follow":
      return { text: "关注了你", to: n.actor ? `/user/${n.actor.id}` : "/user/messages" };
    case "recommend":
      return { text: `你的作品${work}被选入编辑精选${n.detail ? `：${n.detail}` : ""}`, to: workPath };
    case "tip":
      return { text: `打赏了你的作品${work} ${n.detail} 积分`, to: workPath };
    case "commission":
      return commissionNotice(n.detail);
    case "award":
      return { text: `你的作品${work}在${n.detail}`, to: workPath };
    case "removed":
      return { text: `你的作品${work}已被管理员删除${n.detail ? `：${n.detail}` : ""}`, to: "/user/messages" };
    case "hidden":
      return n.commentId
        ? { text: `你在${work}下的评论已被管理员隐藏：${n.detail}`, to: commentPath }
        : { text: `你的作品${work}已被管理员隐藏（仅你可见）：${n.detail}`, to: workPath };
    case "restored":
      return { text: n.commentId ? `你在${work}下的评论已恢复显示` : `你的作品${work}已恢复显示`, to: workPath };
    case "muted":
      return { text: `你已被禁言${n.detail}`, to: "/user/messages" };
    case "report":
      return { text: `你的举报已处理：${n.detail}`, to: "/user/messages" };
    case "copy":
      return {
        text: `你的作品${work}中有图片与站内更早发布的作品相似；如是转载，请注明出处`,
        to: n.work ? `/art/edit/${n.work.artId}` : workPath,
      };
    case "copied":
      return {
        text: `的作品${work}中有图片与你的作品相似；如是你的原作，可以提出版权申诉`,
        to: n.work ? claimPath(n.work.artId, workPath, n.detail) : "/user/messages",
      };
    case "claim":
      return { text: `你的作品${work}${n.detail}`, to: workPath };
    case "level":
      return { text: `恭喜升级到 ${n.detail}`, to: "/user/scores" };
    default:
      return { text: "有新的动态", to: "/user/messages" };
  }
}

/** What each step of a commission tells the other party (contract/commissions/states.ts), after their name. */
const commissionWords: Record<string, string> = {
  ask: "向你约稿",
  message: "在约稿中给你留言",
  ...Object.fromEntries(Object.entries(commissionSteps).map(([k, v]) => [k, v.told])),
};

/** A commission's notice carries "id:step:title" (api/services/commissions). */
function commissionNotice(detail: string): { text: string; to: string } {
  const m = /^(\d+):(\w+):([\s\S]*)$/.exec(detail);
  if (!m) return { text: "有约稿的新动态", to: "/commissions" };
  return { text: `${commissionWords[m[2]] ?? "更新了约稿"}《${m[3]}》`, to: `/commissions/${m[1]}` };
}

/** Whether the notification names who did it (a like, a follow) or comes from the site (a level, an admin). */
const fromSite = new Set<NotificationView["kind"]>([
  "removed",
  "recommend",
  "level",
  "hidden",
  "restored",
  "muted",
  "report",
  "copy",
  "claim",
  "award",
]);
export const fromSomeone = (n: NotificationView) => n.actor !== null && !fromSite.has(n.kind);
