import { describe, expect, it } from "vitest";
import Database from "better-sqlite3";
import { withStatementCache } from "./index.ts";

describe("the SQLite statement cache", () => {
  it("prepares a statement once per text, but never hands out one still being iterated", () => {
    const sqlite = new Database(":memory:");
    const db = withStatementCache(sqlite);
    sqlite.exec("create table t (n integer); insert into t values (1), (2)");
    const first = db.prepare("select n from t where n > ?");
    expect(db.prepare("select n from t where n > ?")).toBe(first);
    expect(db.prepare("select n from t")).not.toBe(first);
    const rows = first.iterate(0);
    rows.next();
    const during = db.prepare("select n from t where n > ?");
    expect(during).not.toBe(first);
    expect(during.all(1)).toEqual([{ n: 2 }]);
    rows.return?.();
    expect(db.prepare("select n from t where n > ?")).toBe(first);
    db.close();
  });
});
