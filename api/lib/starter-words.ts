import type { WordAction } from "../../contract/admin/moderation.ts";

/**
 * A starter list for a new site (issue 53: a new site began with empty lists, and 法轮功 registered as a nickname):
 * what a community site in China is expected to keep out from its first day, written for this site. The owner
 * imports it in /admin/words, where it is merged with the lists as they stand, and may edit it there like any other.
 */
export const starterWords: Record<WordAction, string[]> = {
  // Banned organisations, illegal trades and gambling, fraud: never published.
  refuse: [
    "法轮功",
    "法轮大法",
    "全能神",
    "代开发票",
    "办假证",
    "出售枪支",
    "出售毒品",
    "冰毒",
    "海洛因",
    "摇头丸",
    "六合彩",
    "网络赌博",
    "赌博网站",
    "百家乐",
    "裸聊",
    "援交",
    "代孕",
    "信用卡套现",
    "刷单兼职",
    "洗钱",
    "迷药",
    "黑客接单",
  ],
  // Drawing people off the site, often the first step of a scam: held until an admin has looked.
  review: ["加微信", "加我微信", "加QQ", "私聊领取", "兼职日结", "免费领取", "点击链接"],
  // Insults: shown as ＊.
  mask: ["傻逼", "煞笔", "他妈的", "操你妈", "草泥马", "狗日的", "王八蛋", "贱人", "脑残"],
};
