import { randomBytes } from "node:crypto";
import pg from "pg";
import { openDatabase } from "../db/index.ts";
import { migrateToLatest } from "../db/migrate.ts";
import { adminUrl } from "./engine.ts";
import { openJobs } from "../jobs/open.ts";

/** Runs one statement as the PostgreSQL administrator (create and drop database cannot share a transaction). */
export async function asAdmin(statement: string, url = adminUrl) {
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    await admin.query(statement);
  } finally {
    await admin.end();
  }
}

/** The address of database `name` on the test server. */
export function databaseUrl(name: string) {
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/** A migrated database for the run, which fresh test databases copy (PostgreSQL's CREATE DATABASE … TEMPLATE). */
export async function migratedTemplate() {
  const name = `yishe_template_${process.pid}_${randomBytes(3).toString("hex")}`;
  await asAdmin(`create database ${name}`);
  const database = await openDatabase(databaseUrl(name));
  try {
    await migrateToLatest(database);
    // pg-boss's schema and the site's queues too: each test's queue then starts on them at once.
    const jobs = await openJobs(database);
    await jobs.counts();
    await jobs.stop();
  } finally {
    await database.close();
  }
  return { name, drop: () => asAdmin(`drop database if exists ${name} with (force)`) };
}
