import { createServer, type Server } from "node:net";

/**
 * Ports no process listens on now, as the system hands them out, for servers a test is about to spawn. A port drawn
 * at random from a fixed range could be one another test file's server holds at that moment (the suite runs files
 * side by side); those held here together are also distinct.
 */
export async function freePorts(count: number): Promise<number[]> {
  const held: Server[] = [];
  try {
    for (let i = 0; i < count; i++) {
      const server = createServer();
      await new Promise<void>((resolve, reject) => {
        server.once("error", reject);
        server.listen(0, resolve);
      });
      held.push(server);
    }
    return held.map((server) => (server.address() as { port: number }).port);
  } finally {
    await Promise.all(held.map((server) => new Promise((resolve) => server.close(resolve))));
  }
}
