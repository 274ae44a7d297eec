import { account } from "../../contract/account/endpoints.ts";
import { tokenSchema } from "../../contract/account/schemas.ts";
import { tokenScopeKeys } from "../../contract/account/tokens.ts";
import { id } from "../../contract/shared/fields.ts";
import { requireUser } from "../lib/auth.ts";
import { endpoints } from "../lib/endpoint.ts";
import { parse, parseBody } from "../lib/validate.ts";
import { createToken, listTokens, revokeToken } from "../services/signin/access-tokens.ts";

const tokenId = id("访问令牌");

/** 访问令牌: a member's own, from a signed-in session only (no token reaches these: api/lib/token-scopes.ts). */
export const accessTokenRoutes = endpoints()
  .answer(account.tokens, async (c) => listTokens(c.deps, requireUser(c)))
  .answer(account.createToken, async (c) => {
    const user = requireUser(c);
    const input = (await parseBody(c, tokenSchema)) as Record<string, unknown> & { name: string; lifetime: number };
    const scopes = tokenScopeKeys.filter((k) => input[`scope_${k}`] === true);
    return createToken(c.deps, user, { name: input.name, scopes, lifetimeDays: input.lifetime });
  })
  .answer(account.revokeToken, async (c) => revokeToken(c.deps, requireUser(c), parse(tokenId, c.params.id))).all;
