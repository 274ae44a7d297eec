/**
 * What makes two names the same person to a reader. Nicknames are shown everywhere and @mentions resolve them, so
 * they are unique by their key: NFKC (full-width letters and digits become ASCII, compatibility forms fold), case
 * folded, spaces removed. Characters that are invisible or reorder text are refused outright.
 */

/**
 * Control and format characters (zero-width, bidirectional overrides and isolates, BOM), every default-ignorable code
 * point (variation selectors, the combining grapheme joiner: 站\u034F长 draws exactly as 站长), and unassigned or
 * private-use code points.
 */
const HIDDEN = /[\p{Cc}\p{Cf}\p{Co}\p{Cn}\p{Default_Ignorable_Code_Point}\u2028\u2029]/u;
/** Marks left over once composed (é composes; 站 with an accent does not). */
const LOOSE_MARK = /[\p{Mn}\p{Me}]/u;
const SPACE = /[\s\p{Z}\u3164\u115F\u1160\uFFA0]+/gu;

export function nicknameKey(nickname: string): string {
  return nickname.normalize("NFKC").toLowerCase().replace(SPACE, "");
}

/** Names only the site itself may wear: a member calling themself 站长 or 官方 would be believed. */
export const RESERVED_EXACT = [
  "admin",
  "administrator",
  "root",
  "owner",
  "system",
  "moderator",
  "管理",
  "版主",
  "系统",
  "客服",
  "系统消息",
  "匿名",
  "游客",
];
export const RESERVED_PARTS = ["站长", "管理员", "官方", "艺社"];

export const RESERVED_NAME = "该昵称为保留名称，请换一个";

/** Why a nickname cannot be used, or null when it can. */
export function nicknameProblem(nickname: string): string | null {
  if (HIDDEN.test(nickname)) return "昵称不能包含控制字符或不可见字符";
  if (LOOSE_MARK.test(nickname.normalize("NFC"))) return "昵称不能包含附加符号";
  const key = nicknameKey(nickname);
  if (!key) return "请输入昵称";
  if (RESERVED_EXACT.includes(key) || RESERVED_PARTS.some((part) => key.includes(part))) return RESERVED_NAME;
  return null;
}
