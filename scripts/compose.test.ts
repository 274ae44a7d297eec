import { readFileSync } from "node:fs";
import { parse } from "yaml";
import { describe, expect, it } from "vitest";
import { readEnv } from "../api/config/env.ts";

// compose.yaml is the reference topology of the README; no Docker engine runs here, so what can be checked
// without one is: the app servers' settings are what this build accepts and mean what the file says.
const compose = parse(readFileSync("compose.yaml", "utf8"), { merge: true }) as {
  services: Record<string, { environment?: Record<string, string>; command?: string[]; entrypoint?: string[] }>;
};
const given: Record<string, string> = {
  SITE_HOST: "yishe.example.com",
  POSTGRES_PASSWORD: "pg-secret",
  MINIO_ROOT_PASSWORD: "minio-secret",
  OWNER_PASSWORD: "owner-secret-1",
};
/** Compose's own substitution: ${NAME}, ${NAME:-default}, ${NAME:?message}. */
const substitute = (value: string) =>
  value.replace(/\$\{(\w+)(?::([-?])([^}]*))?\}/g, (_, name: string, how?: string, rest?: string) => {
    if (name in given) return given[name];
    if (how === "-") return rest ?? "";
    throw new Error(`compose.yaml needs ${name}`);
  });

describe("compose.yaml", () => {
  it("runs two app servers behind the proxy on PostgreSQL, Redis and the store, with settings this build takes", () => {
    expect(Object.keys(compose.services).sort()).toEqual(
      ["app1", "app2", "minio", "minio-bucket", "postgres", "proxy", "redis"].sort(),
    );
    for (const name of ["app1", "app2"]) {
      const vars = Object.fromEntries(
        Object.entries(compose.services[name].environment!).map(([k, v]) => [k, substitute(String(v))]),
      );
      const env = readEnv(vars);
      expect(env).toMatchObject({
        databaseUrl: "postgres://yishe:pg-secret@postgres:5432/yishe",
        redisUrl: "redis://redis:6379",
        siteUrl: "https://yishe.example.com",
        trustProxy: 1,
        workers: 2,
        storage: { kind: "s3", endpoint: "http://minio:9000", bucket: "yishe-media", forcePathStyle: true },
      });
      expect(compose.services.postgres.environment).toMatchObject({ POSTGRES_USER: "yishe", POSTGRES_DB: "yishe" });
      expect(compose.services.minio.environment!.MINIO_ROOT_USER).toBe(vars.S3_ACCESS_KEY_ID);
      expect(compose.services["minio-bucket"].entrypoint!.join(" ")).toContain(`store/${vars.S3_BUCKET}`);
    }
  });

  it("keeps no secret in the file: each password is asked of whoever starts it", () => {
    const secrets = Object.values(compose.services).flatMap((service) =>
      Object.entries(service.environment ?? {}).filter(([key]) => /PASSWORD|SECRET/.test(key)),
    );
    expect(secrets.length).toBeGreaterThanOrEqual(5);
    for (const [key, value] of secrets)
      expect([key, value]).toEqual([key, expect.stringMatching(/^\$\{\w+:\?[^}]+\}$/)]);
  });

  it("has the proxy send to both app servers, on the port the image serves", () => {
    const caddy = readFileSync("deploy/Caddyfile", "utf8");
    expect(caddy).toMatch(/reverse_proxy app1:3000 app2:3000/);
    expect(readFileSync("Dockerfile", "utf8")).toMatch(/PORT=3000/);
    // The inbox's event stream must not wait in the proxy's buffer.
    expect(caddy).toContain("flush_interval -1");
    // Sent to only while ready (server/probes.ts); compose waits on the same probe.
    expect(caddy).toContain("health_uri /readyz");
    const compose = parse(readFileSync("compose.yaml", "utf8")) as {
      services: Record<string, { healthcheck?: { test: string[] } }>;
    };
    for (const app of ["app1", "app2"]) expect(compose.services[app].healthcheck?.test.join(" ")).toContain("/readyz");
  });
});
