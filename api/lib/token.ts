import { createHash, randomBytes } from "node:crypto";

/** A bearer token the client keeps; only its hash is stored, so a leaked table grants nothing. */
export function newToken(): string {
  return randomBytes(32).toString("base64url");
}

export function hashToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}
