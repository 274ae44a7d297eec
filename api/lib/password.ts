import { hash } from "@node-rs/argon2";

/** argon2id with the library's defaults (m=19 MiB, t=2), the OWASP baseline. */
export function hashPassword(password: string): Promise<string> {
  return hash(password);
}
