import { get, post, rawPost } from "../shared/endpoint.ts";
import type { AiAdminView, AiConversationSummary, AiConversationView, AiExchangeView, AiStatusView } from "./views.ts";

/**
 * The site's AI (api/routes/ai.ts). Asking stores only the member's own conversation, so it is declared to read:
 * it keeps the shared work lists and the page's session.
 */
export const ai = {
  status: get<AiStatusView>()("/ai/status"),
  conversations: get<AiConversationSummary[]>()("/ai/conversations"),
  conversation: get<AiConversationView>()("/ai/conversations/:id"),
  remove: post<{ removed: boolean }>()("/ai/conversations/:id/delete", { reads: true }),
  /** The finished answer (a form posted without JavaScript). */
  ask: post<AiExchangeView>()("/ai/ask", { reads: true }),
  /** text/event-stream of AiStreamEvent, stopped when the reader goes. */
  stream: rawPost("/ai/ask/stream", { reads: true }),
  admin: get<AiAdminView>()("/admin/ai"),
  saveSettings: post<AiAdminView>()("/admin/ai"),
};
