import { createDecipheriv, createECDH, createHmac, randomBytes, type ECDH } from "node:crypto";
import { createServer, type IncomingHttpHeaders } from "node:http";
import type { AddressInfo } from "node:net";

/**
 * A browser's side of web push, for the tests: its key pair and auth secret (what PushSubscription.toJSON() gives
 * the site), and a push service on a local port that keeps what the site posts and answers the statuses given.
 * What arrives is decrypted here by RFC 8291 with node:crypto alone, not with the library that encrypted it.
 */
export type BrowserKeys = { ecdh: ECDH; p256dh: string; auth: string };

export function browserKeys(): BrowserKeys {
  const ecdh = createECDH("prime256v1");
  ecdh.generateKeys();
  return { ecdh, p256dh: ecdh.getPublicKey().toString("base64url"), auth: randomBytes(16).toString("base64url") };
}

const hmac = (key: Buffer, data: Buffer) => createHmac("sha256", key).update(data).digest();

/** An aes128gcm body (one record) opened with the browser's keys. */
export function openPush(body: Buffer, keys: BrowserKeys): string {
  const salt = body.subarray(0, 16);
  const idlen = body[20];
  const senderKey = body.subarray(21, 21 + idlen);
  const sealed = body.subarray(21 + idlen);
  const shared = keys.ecdh.computeSecret(senderKey);
  const info = Buffer.concat([Buffer.from("WebPush: info\0"), keys.ecdh.getPublicKey(), senderKey, Buffer.from([1])]);
  const ikm = hmac(hmac(Buffer.from(keys.auth, "base64url"), shared), info);
  const prk = hmac(salt, ikm);
  const cek = hmac(prk, Buffer.from("Content-Encoding: aes128gcm\0\x01", "binary")).subarray(0, 16);
  const nonce = hmac(prk, Buffer.from("Content-Encoding: nonce\0\x01", "binary")).subarray(0, 12);
  const decipher = createDecipheriv("aes-128-gcm", cek, nonce);
  decipher.setAuthTag(sealed.subarray(sealed.length - 16));
  const plain = Buffer.concat([decipher.update(sealed.subarray(0, sealed.length - 16)), decipher.final()]);
  let end = plain.length - 1;
  while (end > 0 && plain[end] === 0) end--;
  if (plain[end] !== 2) throw new Error("not the last record's padding");
  return plain.subarray(0, end).toString("utf8");
}

export type Pushed = { path: string; headers: IncomingHttpHeaders; body: Buffer };

/** Answers each push with the next status given (201 when none is left), and keeps every one. */
export async function startPushService(statuses: number[] = [], port = 0) {
  const got: Pushed[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      got.push({ path: req.url ?? "/", headers: req.headers, body: Buffer.concat(chunks) });
      res.writeHead(statuses.shift() ?? 201).end();
    });
  });
  await new Promise<void>((r) => server.listen(port, "127.0.0.1", r));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { url, got, statuses, close: () => new Promise<void>((r) => server.close(() => r())) };
}
