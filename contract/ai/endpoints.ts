import { get, post, rawPost } from "../shared/endpoint.ts";
import { id } from "../shared/fields.ts";
import { aiSettingsSchema, askSchema } from "./schemas.ts";

const params = { id: id("对话") };
import type { AiAdminView, AiConversationSummary, AiConversationView, AiExchangeView, AiStatusView } from "./views.ts";

/**
 * The site's AI (api/routes/ai.ts). Asking stores only the member's own conversation, so it is declared to read:
 * it keeps the shared work lists and the page's session.
 */
export const ai = {
  status: get<AiStatusView>()("/ai/status", { summary: "AI 是否可用与今日余量" }),
  conversations: get<AiConversationSummary[]>()("/ai/conversations", { summary: "我的 AI 对话" }),
  conversation: get<AiConversationView>()("/ai/conversations/:id", { summary: "一次 AI 对话", params }),
  remove: post<{ removed: boolean }>()("/ai/conversations/:id/delete", {
    summary: "删除 AI 对话",
    reads: true,
    params,
  }),
  /** The finished answer (a form posted without JavaScript). */
  ask: post<AiExchangeView>()("/ai/ask", { summary: "向 AI 提问（完整回答）", reads: true, body: askSchema }),
  /** text/event-stream of AiStreamEvent, stopped when the reader goes. */
  stream: rawPost("/ai/ask/stream", { summary: "向 AI 提问（事件流）", reads: true, body: askSchema }),
  admin: get<AiAdminView>()("/admin/ai", { summary: "AI 设置与用量（管理）" }),
  saveSettings: post<AiAdminView>()("/admin/ai", { summary: "保存 AI 设置（管理）", body: aiSettingsSchema }),
};
