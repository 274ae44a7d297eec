/** The five kinds of work, their statuses and their names, as both sides speak of them. */

export const WorkType = { article: 0, post: 1, project: 2, link: 3, music: 4 } as const;
export type WorkTypeName = keyof typeof WorkType;
export type WorkTypeValue = (typeof WorkType)[WorkTypeName];

/**
 * A work or a comment is live until it is removed, hidden by an admin (its author still sees it, with the reason) or
 * held for review (a sensitive word sent it there); an account is active until it is banned (disabled).
 */
/** scheduled: 定时发布, out of sight until its minute comes (works only). */
export const WorkStatus = { live: 0, deleted: 1, hidden: 2, review: 3, scheduled: 4 } as const;
export const CommentStatus = { live: 0, deleted: 1, hidden: 2, review: 3 } as const;
export type ContentStatus = (typeof WorkStatus)[keyof typeof WorkStatus];
export const UserStatus = { active: 0, disabled: 1 } as const;

export const kindLabel: Record<WorkTypeValue, string> = { 0: "文章", 1: "动态", 2: "项目", 3: "链接", 4: "音乐" };

/** The kinds in the order the publish page offers them. */
export const kinds = [
  { type: WorkType.post, key: "post", label: kindLabel[1], hint: "一段文字，配上最多18张图" },
  { type: WorkType.article, key: "article", label: kindLabel[0], hint: "有标题的长文，支持 Markdown" },
  { type: WorkType.project, key: "project", label: kindLabel[2], hint: "工具、作品集、开源项目" },
  { type: WorkType.link, key: "link", label: kindLabel[3], hint: "值得分享的网站与资源" },
  { type: WorkType.music, key: "music", label: kindLabel[4], hint: "MP3、M4A、OGG、FLAC 或 WAV" },
] as const;
