import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";

// The repository's commit-msg hook (.githooks/commit-msg): subjects git log --oneline can show.
const dir = mkdtempSync(path.join(os.tmpdir(), "yishe-msg-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function check(message: string) {
  const file = path.join(dir, "MSG");
  writeFileSync(file, message);
  const run = spawnSync(process.execPath, [".githooks/commit-msg", file], { encoding: "utf8" });
  return { code: run.status, err: run.stderr };
}

describe("the commit-msg hook", () => {
  it("takes a subject of up to 72 characters, Chinese ones counted as one each, with a body after a blank line", () => {
    expect(
      check("Jobs on a real engine: pg-boss on PostgreSQL, a table on SQLite\n\nWhy, and the figures.\n").code,
    ).toBe(0);
    expect(check(`${"任务".repeat(36)}\n`).code).toBe(0);
    expect(check("Subject\n# a comment git strips\n").code).toBe(0);
  });

  it("refuses a long subject, an empty one, and a body straight after the subject, saying why", () => {
    const long = check(`${"a".repeat(73)}\n`);
    expect(long).toMatchObject({ code: 1 });
    expect(long.err).toContain("the subject has 73 characters; at most 72");
    expect(check("\n\nbody\n").err).toContain("the subject is empty");
    expect(check("Subject\nbody at once\n").err).toContain("the second line should be blank");
  });
});
