import { sql } from "kysely";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { nicknameKey, nicknameProblem } from "../../contract/people/identity.ts";
import { migrateToLatest } from "../db/migrate.ts";
import { freshDatabase, startApi, type TestApi } from "../test/harness.ts";
import { skeleton } from "../lib/fold.ts";
import { commonForm, variantPairs } from "../lib/variants.ts";

let t: TestApi;
beforeEach(async () => {
  t = await startApi();
});
afterEach(async () => t.close());

let seq = 0;
const signup = (nickname: string, username = `member${++seq}`) =>
  t.call<{ fieldErrors: Record<string, string> }>("POST", "/api/login/signup", {
    body: { nickname, username, email: `${username}@example.com`, password: "secret123", rePassword: "secret123" },
  });

describe("nickname keys", () => {
  it("fold width, case, compatibility forms and spaces", () => {
    expect(nicknameKey("ＡＬＵ")).toBe("alu");
    expect(nicknameKey("阿鹿 Lu")).toBe("阿鹿lu");
    expect(nicknameKey("阿鹿　Ｌｕ")).toBe("阿鹿lu");
    expect(nicknameKey("㈱画室")).toBe(nicknameKey("(株)画室"));
  });

  it("refuse invisible and reordering characters", () => {
    for (const bad of ["站\u202E长", "小\u200B林", "a\u2066b", "x\u0007", "\uFEFFname", "私\uE000"]) {
      expect(nicknameProblem(bad)).toBe("昵称不能包含控制字符或不可见字符");
    }
    expect(nicknameProblem("青木")).toBeNull();
  });
});

describe("sign-up keeps nicknames unique and honest", () => {
  it("refuses a nickname that differs from a taken one only by case, width or spaces", async () => {
    expect((await signup("阿鹿Lu")).status).toBe(200);
    for (const lookAlike of ["阿鹿lu", "阿鹿ＬＵ", "阿 鹿 Lu"]) {
      const res = await signup(lookAlike);
      expect(res.status).toBe(409);
      expect(res.body.message).toBe("昵称已被占用");
      expect(res.body.data.fieldErrors.nickname).toBe("昵称已被占用");
    }
  });

  it("refuses bidirectional overrides, zero-width and control characters with a Chinese message", async () => {
    for (const bad of ["管\u202E理", "小\u200D林", "tab\there"]) {
      const res = await signup(bad);
      expect(res.status).toBe(400);
      expect(res.body.data.fieldErrors.nickname).toBe("昵称不能包含控制字符或不可见字符");
    }
  });

  it("keeps the site's own names (站长, 官方, admin) for the site", async () => {
    for (const name of ["站长", "艺社官方", "ＡＤＭＩＮ", "管理员小王"]) {
      const res = await signup(name);
      expect(res.status).toBe(400);
      expect(res.body.data.fieldErrors.nickname).toBe("该昵称为保留名称，请换一个");
    }
  });

  it("will not let a nickname pose as someone's username, nor a username as someone's nickname", async () => {
    await signup("青木", "qingmu");
    const asUsername = await signup("QingMu");
    expect(asUsername.body.data.fieldErrors.nickname).toBe("昵称已被占用");
    await signup("painter");
    const asNickname = await signup("别人", "painter2");
    expect(asNickname.status).toBe(200);
    const taken = await signup("另一个", "Painter");
    expect(taken.body.data.fieldErrors.username).toBe("用户名已被占用");
  });

  it("refuses look-alikes of a taken name: invisible marks, variation selectors, other scripts, traditional forms", async () => {
    expect((await signup("alice1")).status).toBe(200);
    expect((await signup("画友小明")).status).toBe(200);
    for (const lookAlike of ["\u0430lice1", "al\u0456ce1", "alicel", "aIice1", "畫友小明"]) {
      const res = await signup(lookAlike);
      expect(res.status, lookAlike).toBe(409);
      expect(res.body.data.fieldErrors.nickname).toBe("昵称已被占用");
    }
    for (const hidden of ["站\u034F长", "alice1\uFE0F", "小\u180E林", "画\u{E0100}友", "禁\u0301词"]) {
      const res = await signup(hidden);
      expect(res.status, JSON.stringify(hidden)).toBe(400);
      expect(res.body.data.fieldErrors.nickname).toMatch(/^昵称不能包含/);
    }
    expect((await signup("José")).status).toBe(200);
  });

  it("keeps the site's names in every spelling: 站長, 管理員, Cyrillic аdmin", async () => {
    for (const name of ["站長", "管理員", "\u0430dmin", "艺社官方", "藝社"]) {
      const res = await signup(name);
      expect(res.status, name).not.toBe(200);
      expect(res.body.data.fieldErrors.nickname).toBe("该昵称为保留名称，请换一个");
    }
  });

  it("lets exactly one of many simultaneous sign-ups take a nickname", async () => {
    const results = await Promise.all(["同名", "同名", "同 名", "同名"].map((n) => signup(n)));
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    const rows = await t.db.selectFrom("users").select("nickname_key").where("nickname_key", "=", "同名").execute();
    expect(rows).toHaveLength(1);
  });
});

describe("the migration that keys nicknames by what a reader sees (0012)", () => {
  it("keeps the first of two look-alikes as it was and numbers the later one", async () => {
    const database = await freshDatabase({ migrate: false });
    try {
      await migrateToLatest(database, "0011_admin");
      for (const [name, nick] of [
        ["b1", "站長小林"],
        ["b2", "站长小林"],
        ["b3", "青木"],
      ]) {
        await sql`insert into users (username, nickname, nickname_key, password_hash, created_at, updated_at) values (${name}, ${nick}, ${name}, 'x', 0, 0)`.execute(
          database.db,
        );
      }
      await migrateToLatest(database);
      const rows = await database.db
        .selectFrom("users")
        .select(["id", "nickname", "nickname_key"])
        .orderBy("id")
        .execute();
      expect(rows.map((r) => r.nickname)).toEqual(["站長小林", `站长小林${rows[1].id}`, "青木"]);
      expect(rows.map((r) => r.nickname_key)).toEqual(["站长小林", `站长小林${rows[1].id}`, "青木"]);
    } finally {
      await database.drop();
    }
  });
});

describe("the migration that makes nicknames unique", () => {
  it("keeps existing accounts, renaming later look-alikes with their number", async () => {
    const database = await freshDatabase({ migrate: false });
    try {
      await migrateToLatest(database, "0003_list_indexes");
      for (const [name, nick] of [
        ["a1", "小林"],
        ["a2", "小 林"],
        ["a3", "青木"],
      ]) {
        await sql`insert into users (username, nickname, password_hash, created_at, updated_at) values (${name}, ${nick}, 'x', 0, 0)`.execute(
          database.db,
        );
      }
      await migrateToLatest(database);
      const rows = await database.db
        .selectFrom("users")
        .select(["id", "nickname", "nickname_key"])
        .orderBy("id")
        .execute();
      expect(rows.map((r) => r.nickname)).toEqual(["小林", `小 林${rows[1].id}`, "青木"]);
      expect(new Set(rows.map((r) => r.nickname_key)).size).toBe(3);
    } finally {
      await database.drop();
    }
  });
});

describe("variant characters (issue 53)", () => {
  it("fold an old printed form into the common one, so 靑木 is taken once 青木 is", async () => {
    for (const [old, common] of variantPairs()) expect(skeleton(`${old}木`), old).toBe(skeleton(`${common}木`));
    expect((await signup("青木")).status).toBe(200);
    for (const lookAlike of ["靑木", "黒川", "淸水"]) {
      if (lookAlike !== "靑木") expect((await signup(lookAlike.replace(/^./, (c) => commonForm(c)))).status).toBe(200);
      const res = await signup(lookAlike);
      expect(res.status, lookAlike).toBe(409);
      expect(res.body.data.fieldErrors.nickname).toBe("昵称已被占用");
    }
  });
});

describe("the migration that folds old printed forms (0026)", () => {
  it("keys an earlier 靑木 as 青木, keeping its name, and numbers a later look-alike", async () => {
    const database = await freshDatabase({ migrate: false });
    try {
      await migrateToLatest(database, "0025_likes_received");
      for (const [name, nick] of [
        ["c1", "靑木"],
        ["c2", "青木"],
        ["c3", "淸水"],
      ])
        await sql`insert into users (username, nickname, nickname_key, password_hash, created_at, updated_at) values (${name}, ${nick}, ${nick}, 'x', 0, 0)`.execute(
          database.db,
        );
      await migrateToLatest(database);
      const rows = await database.db
        .selectFrom("users")
        .select(["id", "nickname", "nickname_key"])
        .orderBy("id")
        .execute();
      expect(rows.map((r) => r.nickname_key)).toEqual(["青木", `青木${rows[1].id}`, "清水"]);
      expect(rows.map((r) => r.nickname)).toEqual(["靑木", `青木${rows[1].id}`, "淸水"]);
    } finally {
      await database.drop();
    }
  });
});
