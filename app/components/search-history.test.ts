import { describe, expect, it } from "vitest";
import { addToHistory, loadHistory, removeFromHistory, saveHistory, suggest } from "./search-history.ts";

describe("search history (requirements §5)", () => {
  it("keeps ten distinct entries, newest first", () => {
    let h: string[] = [];
    for (let i = 0; i < 12; i++) h = addToHistory(h, `词${i}`);
    expect(h).toHaveLength(10);
    expect(h[0]).toBe("词11");
    h = addToHistory(h, "词5");
    expect(h[0]).toBe("词5");
    expect(h.filter((x) => x === "词5")).toHaveLength(1);
    expect(addToHistory(h, "   ")).toBe(h);
  });

  it("filters suggestions by what is typed and deletes single entries", () => {
    const h = ["水彩", "油画", "水墨"];
    expect(suggest(h, "水")).toEqual(["水彩", "水墨"]);
    expect(suggest(h, "")).toEqual(h);
    expect(removeFromHistory(h, "油画")).toEqual(["水彩", "水墨"]);
  });

  it("survives damaged or missing storage", () => {
    expect(loadHistory({ getItem: () => "{broken" })).toEqual([]);
    expect(loadHistory(undefined)).toEqual([]);
    expect(loadHistory({ getItem: () => JSON.stringify(["a", 1, "b"]) })).toEqual(["a", "b"]);
    expect(() =>
      saveHistory(
        {
          setItem: () => {
            throw new Error("full");
          },
        },
        ["a"],
      ),
    ).not.toThrow();
  });
});
