import { describe, expect, it } from "vitest";
import { askAll } from "./in-process-load.ts";

describe("askAll", () => {
  it("asks every page, and lets what each answer left for the loop's next turn run during the run", async () => {
    let asked = 0;
    let ran = 0;
    await askAll(
      async () => {
        asked++;
        setImmediate(() => ran++);
        return new Response("页面");
      },
      100,
      8,
    );
    expect(asked).toBe(100);
    // Without a turn between answers, none of them would have run by now.
    expect(ran).toBe(100);
  });
});
