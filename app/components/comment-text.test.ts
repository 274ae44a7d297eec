import { describe, expect, it } from "vitest";
import { commentPieces } from "./comment-text.ts";

describe("commentPieces", () => {
  it("makes links and known @mentions, leaving the rest as text", () => {
    expect(commentPieces("看 https://example.com/a?b=1，@鲍勃 和 @路人", { 鲍勃: 7 })).toEqual([
      { kind: "text", text: "看 " },
      { kind: "link", text: "https://example.com/a?b=1", href: "https://example.com/a?b=1" },
      { kind: "text", text: "，" },
      { kind: "mention", text: "@鲍勃", userId: 7 },
      { kind: "text", text: " 和 @路人" },
    ]);
  });

  it("never turns markup or other schemes into links", () => {
    expect(commentPieces('<a href="javascript:alert(1)">x</a> javascript:alert(1)', {})).toEqual([
      { kind: "text", text: '<a href="javascript:alert(1)">x</a> javascript:alert(1)' },
    ]);
  });
});
