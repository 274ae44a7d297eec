/**
 * `npm start`: builds the web when the sources are newer than the build, then serves it with one process per core
 * (WORKERS). Migrations and the demo seed run once, at start, before the workers.
 */
import { availableParallelism } from "node:os";
import { buildIfNeeded } from "./build.ts";

buildIfNeeded();
process.env.NODE_ENV ||= "production";
// One process per core unless WORKERS says otherwise (tests and `node server.ts` run one).
process.env.WORKERS ||= String(availableParallelism());
const { main } = await import("../server.ts");
await main();
