import { webhooks } from "../../contract/webhooks/endpoints.ts";
import { requireUser } from "../lib/auth.ts";
import { endpoints } from "../lib/endpoint.ts";
import { createWebhook, pingWebhook, removeWebhook, webhooksOf } from "../services/inbox/webhooks.ts";

/** Webhooks: a member's own, from a signed-in session only (no token reaches these: api/lib/token-scopes.ts). */
export const webhookRoutes = endpoints()
  .answer(webhooks.list, async (c) => webhooksOf(c.deps, requireUser(c)))
  .answer(webhooks.create, async (c) => createWebhook(c.deps, requireUser(c), c.input.body))
  .answer(webhooks.remove, async (c) => removeWebhook(c.deps, requireUser(c), c.input.params.id))
  .answer(webhooks.ping, async (c) => pingWebhook(c.deps, requireUser(c), c.input.params.id)).all;
