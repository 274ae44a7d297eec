import { describe, expect, it } from "vitest";
import { avatarColor, avatarLetter } from "./avatar-letter.ts";

describe("avatar letter and colour", () => {
  it("takes the nickname's first letter, else the username's", () => {
    expect(avatarLetter({ nickname: "青木", username: "qingmu" })).toBe("青");
    expect(avatarLetter({ nickname: "", username: "qingmu" })).toBe("Q");
    expect(avatarLetter({ nickname: "  ", username: null })).toBe("?");
    expect(avatarLetter({ nickname: "😀smile" })).toBe("😀");
  });

  it("derives one colour per letter", () => {
    expect(avatarColor("青")).toBe(avatarColor("青"));
    expect(avatarColor("A")).not.toBe(avatarColor("B"));
    expect(avatarColor("A")).toMatch(/^hsl\(\d+ 55% 48%\)$/);
  });
});
