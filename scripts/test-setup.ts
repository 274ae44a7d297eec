import type { TestProject } from "vitest/node";
import { buildIfNeeded } from "./build.ts";

/**
 * Vitest global set-up: the site tests render real pages, so the web build must be there and current. On
 * PostgreSQL, a migrated template database for the whole run. The cluster stack (TEST_STACK=cluster,
 * api/test/stack.ts) also gets a local S3 store for the whole run; each site makes a bucket of its own there.
 */
export default async function setup(project: TestProject) {
  buildIfNeeded();
  const teardown: (() => Promise<void>)[] = [];
  project.provide("s3", null);
  project.provide("pgTemplate", null);
  const { engine } = await import("../api/test/engine.ts");
  if (engine === "postgres") {
    // Each test's fresh database is a copy of one migrated here: a third of the time of migrating each.
    const { migratedTemplate } = await import("../api/test/template.ts");
    const template = await migratedTemplate();
    project.provide("pgTemplate", template.name);
    teardown.push(template.drop);
  }
  if (process.env.TEST_STACK === "cluster") {
    const { testS3 } = await import("../api/test/s3.ts");
    const store = await testS3("yishe-suite");
    project.provide("s3", store.settings);
    teardown.push(store.close);
  }
  return async () => {
    for (const step of teardown) await step();
  };
}
