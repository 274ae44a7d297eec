import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import {
  commentLimits,
  contentLimit,
  mediaLimits,
  megabytes,
  requestLimits,
  userLimits,
  workLimits,
} from "./limits.ts";

// The README's tables are for people; this keeps them saying what the code enforces.
// Spaces are folded: the formatter pads table columns.
const readme = readFileSync(new URL("../README.md", import.meta.url), "utf8").replace(/ {2,}/g, " ");
const row = (start: string) => readme.split("\n").find((l) => l.startsWith(start)) ?? "";
const n = (value: number) => value.toLocaleString("en-US");

describe("the README states the limits the code enforces", () => {
  it("for each kind of work", () => {
    expect(row("| 文章 article")).toContain(`title ≤ ${n(workLimits.title)}, body ≤ ${n(contentLimit[0])} characters`);
    expect(row("| 动态 short post")).toContain(`≤ ${n(contentLimit[1])} characters`);
    expect(row("| 项目 project")).toContain(
      `summary ≤ ${n(workLimits.summary)}, Markdown description ≤ ${n(contentLimit[2])}`,
    );
    expect(row("| 链接 link")).toContain(`summary ≤ ${n(workLimits.summary)}`);
    expect(row("| 音乐 music")).toContain(`description ≤ ${n(contentLimit[4])}`);
    expect(readme).toContain(`up to ${workLimits.tags} tags (≤ ${workLimits.tag} characters`);
    expect(readme).toContain(`up to ${workLimits.images} pictures`);
  });

  it("for media, comments, accounts and request bodies", () => {
    expect(readme).toContain(`≤ ${megabytes(mediaLimits.imageBytes).replace("MB", " MB")} and`);
    expect(readme).toContain(`≤ ${megabytes(mediaLimits.audioBytes).replace("MB", " MB")}`);
    expect(readme).toContain(`at most ${mediaLimits.audioSeconds / 3600} hours`);
    expect(readme).toContain(`comments ≤ ${n(commentLimits.content)} characters`);
    expect(readme).toContain(`nicknames ≤ ${userLimits.nickname} characters`);
    expect(readme).toContain(`passwords ${userLimits.passwordMin}–${userLimits.password} characters`);
    expect(readme).toContain(`| forms | ${megabytes(requestLimits.form).replace(/(\d)([KM]B)/, "$1 $2")} |`);
    expect(readme).toContain(`| \`/upload\` | ${megabytes(requestLimits.upload).replace(/(\d)([KM]B)/, "$1 $2")} |`);
    expect(readme).toContain(
      `| \`/user/background\`, \`/user/profile\` | ${megabytes(requestLimits.picture).replace(/(\d)([KM]B)/, "$1 $2")} |`,
    );
    expect(readme).toContain(
      `| \`/art/create\`, \`/art/edit/:id\` | ${megabytes(requestLimits.publish).replace(/(\d)([KM]B)/, "$1 $2")} |`,
    );
  });
});
