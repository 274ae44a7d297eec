import { authorCardsByIds } from "../../db/queries/cards-by-id.ts";
import type { z } from "zod";
import { findUserById, lockUserRow, updateUser } from "../../db/queries/users.ts";
import { findLiveWork } from "../../db/queries/interactions.ts";

import { ApiError } from "../../lib/errors.ts";
import { linkFits, linkSites, portfolioLimits, type LinkSiteKey } from "../../../contract/people/portfolio.ts";
import { allowance } from "../../../contract/scores/growth.ts";
import type { pinSchema, portfolioSchema } from "../../../contract/account/schemas.ts";
import type { PortfolioView } from "../../../contract/people/views.ts";
import type { CurrentUserView } from "../../../contract/signin/views.ts";
import type { WorkCardView } from "../../../contract/works/views.ts";
import type { Deps } from "../deps.ts";
import { screenPlain } from "../moderation/sensitive-words.ts";
import { transact } from "../transaction.ts";
import { cardsFor } from "./works.ts";

type PortfolioColumns = {
  city: string;
  occupation: string;
  commission: string;
  commission_note: string;
  links: string;
  pinned: string;
};

const readJson = (text: string): unknown => {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
};

export function pinnedIds(row: Pick<PortfolioColumns, "pinned">): number[] {
  const list = readJson(row.pinned);
  return Array.isArray(list) ? list.filter((n): n is number => Number.isInteger(n)) : [];
}

/** A profile's portfolio as stored, read leniently: a link that does not fit its platform is not shown. */
export function portfolioOf(row: PortfolioColumns): PortfolioView {
  const stored = (readJson(row.links) ?? {}) as Record<string, unknown>;
  const links = linkSites.flatMap((s) => {
    const url = stored[s.key];
    return typeof url === "string" && linkFits(s.key, url) ? [{ key: s.key as LinkSiteKey, url }] : [];
  });
  return {
    city: row.city,
    occupation: row.occupation,
    commission:
      row.commission === "open" || row.commission === "closed"
        ? { open: row.commission === "open", note: row.commission_note }
        : null,
    links,
    pinned: pinnedIds(row),
  };
}

export async function setPortfolio(deps: Deps, user: CurrentUserView, input: z.infer<typeof portfolioSchema>) {
  await screenPlain(
    deps,
    { city: input.city, occupation: input.occupation, commissionNote: input.commissionNote },
    "资料",
  );
  const links = Object.fromEntries(linkSites.filter((s) => input[s.key]).map((s) => [s.key, input[s.key]]));
  await updateUser(deps.db, user.id, {
    city: input.city,
    occupation: input.occupation,
    commission: input.commission,
    commission_note: input.commission ? input.commissionNote : "",
    links: JSON.stringify(links),
    updated_at: deps.now(),
  });
}

/** Pins one of the member's own live works on top of their centre (at most six), or takes it off. */
export async function pinWork(deps: Deps, user: CurrentUserView, input: z.infer<typeof pinSchema>) {
  if (input.on) {
    const work = await findLiveWork(deps.db, input.workId);
    if (!work) throw new ApiError("notFound", "作品不存在或已删除");
    if (work.user_id !== user.id) throw new ApiError("forbidden", "只能置顶自己的作品");
  }
  return transact(deps, async ({ trx, now }) => {
    // Six pins at once on PostgreSQL all read the same list and three were kept: the row is taken first.
    await lockUserRow(trx, user.id);
    const row = await findUserById(trx, user.id);
    const list = row ? pinnedIds(row).filter((id) => id !== input.workId) : [];
    if (input.on) {
      // How many a member may pin grows with their level (contract/scores/growth.ts privileges).
      const allowed = allowance("pinned", user.score);
      if (list.length >= allowed)
        throw new ApiError(
          "validation",
          allowed < portfolioLimits.pinned
            ? `你的等级最多置顶${allowed}件作品，升级后可以置顶更多`
            : `最多置顶${allowed}件作品，请先取消一件`,
        );
      list.push(input.workId);
    }
    await updateUser(trx, user.id, { pinned: JSON.stringify(list), updated_at: now });
    return { pinned: list };
  });
}

/** The works a person pinned, in their order; those deleted or hidden since are left out. */
export async function pinnedCards(deps: Deps, userId: number, viewerId?: number): Promise<WorkCardView[]> {
  const row = await findUserById(deps.db, userId);
  const ids = row ? pinnedIds(row) : [];
  if (!ids.length) return [];
  const rows = await authorCardsByIds(deps.db, userId, ids);
  rows.sort((a, b) => ids.indexOf(a.id) - ids.indexOf(b.id));
  return cardsFor(deps, rows, viewerId);
}
