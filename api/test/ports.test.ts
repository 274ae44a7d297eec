import { createServer } from "node:net";
import { expect, it } from "vitest";
import { freePorts } from "./ports.ts";

it("hands out distinct ports that a server can then listen on", async () => {
  const ports = await freePorts(3);
  expect(new Set(ports).size).toBe(3);
  for (const port of ports) {
    const server = createServer();
    await new Promise<void>((resolve, reject) => server.once("error", reject).listen(port, resolve));
    await new Promise((resolve) => server.close(resolve));
  }
});
