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

// The tables of docs/features.md are for people; this keeps them saying what the code enforces.
// Spaces are folded: the formatter pads table columns.
const readme = readFileSync(new URL("../../docs/features.md", import.meta.url), "utf8").replace(/ {2,}/g, " ");
// Prose is wrapped by the formatter: a sentence is looked for with its line breaks folded.
const prose = readme.replace(/\s+/g, " ");
const row = (start: string) => readme.split("\n").find((l) => l.startsWith(start)) ?? "";
const n = (value: number) => value.toLocaleString("en-US");

describe("docs/features.md states the limits the code enforces", () => {
  it("for each kind of work", () => {
    expect(row("| 文章 article")).toContain(`title ≤ ${n(workLimits.title)}, body ≤ ${n(contentLimit[0])} characters`);
    expect(row("| 动态 short post")).toContain(`≤ ${n(contentLimit[1])} characters`);
    expect(row("| 项目 project")).toContain(
      `summary ≤ ${n(workLimits.summary)}, Markdown description ≤ ${n(contentLimit[2])}`,
    );
    expect(row("| 链接 link")).toContain(`summary ≤ ${n(workLimits.summary)}`);
    expect(row("| 音乐 music")).toContain(`description ≤ ${n(contentLimit[4])}`);
    expect(prose).toContain(`up to ${workLimits.tags} tags (≤ ${workLimits.tag} characters`);
    expect(prose).toContain(`up to ${workLimits.images} pictures`);
  });

  it("for media, comments, accounts and request bodies", () => {
    expect(prose).toContain(`≤ ${megabytes(mediaLimits.imageBytes).replace("MB", " MB")} and`);
    expect(prose).toContain(`≤ ${megabytes(mediaLimits.audioBytes).replace("MB", " MB")}`);
    expect(prose).toContain(`at most ${mediaLimits.audioSeconds / 3600} hours`);
    expect(prose).toContain(`comments ≤ ${n(commentLimits.content)} characters`);
    expect(prose).toContain(`nicknames ≤ ${userLimits.nickname} characters`);
    expect(prose).toContain(`passwords ${userLimits.passwordMin}–${userLimits.password} characters`);
    expect(prose).toContain(`| forms | ${megabytes(requestLimits.form).replace(/(\d)([KM]B)/, "$1 $2")} |`);
    expect(prose).toContain(`| \`/upload\` | ${megabytes(requestLimits.upload).replace(/(\d)([KM]B)/, "$1 $2")} |`);
    expect(prose).toContain(
      `| \`/user/background\`, \`/user/profile\` | ${megabytes(requestLimits.picture).replace(/(\d)([KM]B)/, "$1 $2")} |`,
    );
    expect(prose).toContain(
      `| \`/art/create\`, \`/art/edit/:id\` | ${megabytes(requestLimits.publish).replace(/(\d)([KM]B)/, "$1 $2")} |`,
    );
  });
});
