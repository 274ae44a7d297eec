import { randomInt } from "node:crypto";
import type { Kysely } from "kysely";
import type { DB } from "../../db/schema.ts";
import { putConfigRow, readConfigRows } from "../../db/queries/config.ts";
import { insertInvites, listInvites, spendInvite } from "../../db/queries/invites.ts";
import { ApiError } from "../../lib/errors.ts";
import {
  registrationModes,
  switchableWays,
  type RegistrationMode,
  type SwitchableWay,
} from "../../../contract/admin/moderation.ts";
import type { AccessView, InfoPageView, InviteView, PagesView } from "../../../contract/admin/views.ts";
import type { CurrentUserView } from "../../../contract/signin/views.ts";
import { renderMarkdown } from "../../../contract/shared/markdown.ts";
import { audit } from "../admin/audit.ts";
import type { Deps } from "../deps.ts";

/**
 * Who may come in and how: registration open, by invitation or closed, and the ways in an admin switched off
 * (the password stays: it is how staff sign in). Also the info pages' Markdown.
 */

export function accessFrom(rows: Record<string, string>): AccessView {
  const registration = registrationModes.some((m) => m.key === rows.registration)
    ? (rows.registration as RegistrationMode)
    : "open";
  let waysOff: SwitchableWay[] = [];
  try {
    const list = JSON.parse(rows.waysOff ?? "[]");
    if (Array.isArray(list)) waysOff = list.filter((w): w is SwitchableWay => switchableWays.includes(w));
  } catch {
    waysOff = [];
  }
  return { registration, waysOff };
}

export async function accessSettings(deps: Pick<Deps, "db">): Promise<AccessView> {
  return accessFrom(await readConfigRows(deps.db));
}

export async function saveAccess(
  deps: Deps,
  staff: CurrentUserView,
  input: { registration: RegistrationMode; ways: SwitchableWay[] },
): Promise<AccessView> {
  const before = await accessSettings(deps);
  const waysOff = switchableWays.filter((w) => !input.ways.includes(w));
  await deps.db.transaction().execute(async (trx) => {
    await putConfigRow(trx, "registration", input.registration);
    await putConfigRow(trx, "waysOff", JSON.stringify(waysOff));
    await audit(trx, deps.now(), {
      actorId: staff.id,
      action: "config.save",
      targetKind: "access",
      targetId: 0,
      before,
      after: { registration: input.registration, waysOff },
    });
  });
  return { registration: input.registration, waysOff };
}

export async function assertWayOn(deps: Deps, way: SwitchableWay) {
  if ((await accessSettings(deps)).waysOff.includes(way)) throw new ApiError("wayOff");
}

/**
 * Whether a new account may open, inside its transaction: open registration lets it; an invitation spends its code
 * (one account per code); closed lets no one. Accounts opened by phone or a third party carry no code.
 */
export async function admitNewAccount(trx: Kysely<DB>, userId: number, invite: string | undefined, now: number) {
  const { registration } = await accessSettings({ db: trx });
  if (registration === "open") return;
  if (registration === "closed") throw new ApiError("registrationClosed");
  if (!invite) throw new ApiError("registrationClosed", "本站目前仅限邀请注册，请使用邀请码注册");
  if (!(await spendInvite(trx, invite.trim(), userId, now))) throw new ApiError("inviteRequired");
}

const CODE_CHARS = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789";
const newCode = () => Array.from({ length: 10 }, () => CODE_CHARS[randomInt(CODE_CHARS.length)]).join("");

export async function createInvites(deps: Deps, staff: CurrentUserView, count: number): Promise<string[]> {
  const codes = Array.from({ length: count }, newCode);
  await deps.db.transaction().execute(async (trx) => {
    const now = deps.now();
    await insertInvites(trx, codes, staff.id, now);
    await audit(trx, now, {
      actorId: staff.id,
      action: "invites.create",
      targetKind: "invite",
      targetId: 0,
      after: `${count}个`,
    });
  });
  return codes;
}

export async function invites(deps: Deps): Promise<InviteView[]> {
  return (await listInvites(deps.db, 100)).map((r) => ({
    code: r.code,
    createdAt: r.created_at,
    usedAt: r.used_at,
    usedBy:
      r.used_by && r.username !== null
        ? {
            id: r.used_by,
            username: r.username,
            nickname: r.nickname ?? "",
            smallAvatar: r.small_avatar || r.avatar || "",
          }
        : null,
  }));
}

const pageKeys = { about: "aboutPage", protocol: "protocolPage" } as const;

export async function pages(deps: Deps): Promise<PagesView> {
  const rows = await readConfigRows(deps.db);
  return { about: rows[pageKeys.about] ?? "", protocol: rows[pageKeys.protocol] ?? "" };
}

/** An info page as readers get it: the admin's Markdown rendered and sanitized, or "" for the built-in text. */
export async function infoPage(deps: Deps, name: keyof PagesView): Promise<InfoPageView> {
  const markdown = (await pages(deps))[name];
  return { markdown, html: markdown ? renderMarkdown(markdown) : "" };
}

export async function savePages(deps: Deps, staff: CurrentUserView, input: PagesView): Promise<PagesView> {
  const before = await pages(deps);
  await deps.db.transaction().execute(async (trx) => {
    for (const name of ["about", "protocol"] as const) {
      if (before[name] === input[name]) continue;
      await putConfigRow(trx, pageKeys[name], input[name]);
      await audit(trx, deps.now(), {
        actorId: staff.id,
        action: "pages.save",
        targetKind: "page",
        targetId: 0,
        before: before[name].slice(0, 500),
        after: input[name].slice(0, 500),
        reason: name,
      });
    }
  });
  return input;
}
