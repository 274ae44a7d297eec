import { account } from "../../contract/account/endpoints.ts";
import { tokenScopeKeys } from "../../contract/account/tokens.ts";
import { requireUser } from "../lib/auth.ts";
import { endpoints } from "../lib/endpoint.ts";
import { createToken, listTokens, revokeToken } from "../services/signin/access-tokens.ts";

/** 访问令牌: a member's own, from a signed-in session only (no token reaches these: api/lib/token-scopes.ts). */
export const accessTokenRoutes = endpoints()
  .answer(account.tokens, async (c) => listTokens(c.deps, requireUser(c)))
  .answer(account.createToken, async (c) => {
    const user = requireUser(c);
    const input = c.input.body as typeof c.input.body & Record<string, unknown>;
    const scopes = tokenScopeKeys.filter((k) => input[`scope_${k}`] === true);
    return createToken(c.deps, user, { name: input.name, scopes, lifetimeDays: input.lifetime });
  })
  .answer(account.revokeToken, async (c) => revokeToken(c.deps, requireUser(c), c.input.params.id)).all;
