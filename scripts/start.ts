/**
 * `npm start`: builds the web when the sources are newer than the build, then serves it. Migrations and the demo
 * seed run inside the server at start.
 */
import { buildIfNeeded } from "./build.ts";

buildIfNeeded();
process.env.NODE_ENV ||= "production";
const { main } = await import("../server.ts");
await main();
