import dns from "node:dns";
import http from "node:http";
import https from "node:https";
import net from "node:net";

/**
 * Posting to an address a member typed (webhooks), without letting it reach inside: no loopback, private, link-local,
 * shared (CGNAT), documentation, multicast or reserved address, nor IPv6's mapped or translated forms of them, unless
 * the owner allowed the host (WEBHOOK_ALLOW_HOSTS). The name is resolved when the connection is made and every address
 * it gives is checked there (a name that answered a public address at registration and a private one now is refused);
 * redirects are not followed; the answer is waited for a few seconds and read no further than a few kilobytes.
 */
const blocked = new net.BlockList();
for (const [net4, bits] of [
  ["0.0.0.0", 8],
  ["10.0.0.0", 8],
  ["100.64.0.0", 10],
  ["127.0.0.0", 8],
  ["169.254.0.0", 16],
  ["172.16.0.0", 12],
  ["192.0.0.0", 24],
  ["192.0.2.0", 24],
  ["192.88.99.0", 24],
  ["192.168.0.0", 16],
  ["198.18.0.0", 15],
  ["198.51.100.0", 24],
  ["203.0.113.0", 24],
  ["224.0.0.0", 4],
  ["240.0.0.0", 4],
] as const)
  blocked.addSubnet(net4, bits, "ipv4");
for (const [net6, bits] of [
  ["::", 128],
  ["::1", 128],
  ["64:ff9b::", 96],
  ["64:ff9b:1::", 48],
  ["100::", 64],
  ["2001::", 23],
  ["2001:db8::", 32],
  ["2002::", 16],
  ["fc00::", 7],
  ["fe80::", 10],
  ["ff00::", 8],
] as const)
  blocked.addSubnet(net6, bits, "ipv6");
// No rule for IPv4-mapped IPv6 (::ffff:0:0/96): BlockList checks a mapped address against the IPv4 rules above, and
// such a rule would match every IPv4 address.

/** Whether an address is one a webhook may not reach. */
export function isInnerAddress(address: string): boolean {
  const family = net.isIP(address);
  if (!family) return true;
  return blocked.check(address, family === 4 ? "ipv4" : "ipv6");
}

export class OutboundRefused extends Error {}

const bare = (host: string) => host.replace(/^\[|\]$/g, "").toLowerCase();

/** Resolves as http.request asks, refusing the name when any address it has is inner. */
function guardedLookup(allowed: boolean): net.LookupFunction {
  return (hostname, options, callback) => {
    dns.lookup(hostname, { all: true }, (err, addresses) => {
      if (err) return callback(err, "", 4);
      const inner = addresses.find((a) => isInnerAddress(a.address));
      if (inner && !allowed)
        return callback(new OutboundRefused(`不能发送到内网地址（${hostname} → ${inner.address}）`), "", 4);
      if (options.all) return (callback as unknown as (e: null, a: dns.LookupAddress[]) => void)(null, addresses);
      callback(null, addresses[0]!.address, addresses[0]!.family);
    });
  };
}

/** Whether a host may be asked for at all now (registration's check; delivery checks again as it connects). */
export async function checkHost(url: string, allowHosts: string[]): Promise<void> {
  const host = bare(new URL(url).hostname);
  if (allowHosts.includes(host)) return;
  if (net.isIP(host)) {
    if (isInnerAddress(host)) throw new OutboundRefused(`不能发送到内网地址（${host}）`);
    return;
  }
  if (host === "localhost" || host.endsWith(".localhost")) throw new OutboundRefused("不能发送到本机地址");
  const addresses = await dns.promises.lookup(host, { all: true }).catch(() => {
    throw new OutboundRefused(`无法解析域名 ${host}`);
  });
  const inner = addresses.find((a) => isInnerAddress(a.address));
  if (inner) throw new OutboundRefused(`不能发送到内网地址（${host} → ${inner.address}）`);
}

/** One POST, guarded as above: answers the status, or throws (OutboundRefused when the address is not allowed). */
export function postGuarded(
  url: string,
  body: string | Buffer,
  headers: Record<string, string>,
  o: { allowHosts: string[]; timeoutMs: number; answerBytes: number },
): Promise<{ status: number; answer: string }> {
  const target = new URL(url);
  const host = bare(target.hostname);
  const allowed = o.allowHosts.includes(host);
  // A literal address is connected to as it is (no lookup to check), so it is checked here.
  if (net.isIP(host) && !allowed && isInnerAddress(host))
    return Promise.reject(new OutboundRefused(`不能发送到内网地址（${host}）`));
  const send = target.protocol === "https:" ? https.request : http.request;
  return new Promise((resolve, reject) => {
    const req = send(
      target,
      {
        method: "POST",
        headers: { ...headers, "Content-Length": String(Buffer.byteLength(body)) },
        lookup: guardedLookup(allowed),
        timeout: o.timeoutMs,
        signal: AbortSignal.timeout(o.timeoutMs),
      },
      (res) => {
        let answer = "";
        res.setEncoding("utf8");
        res.on("data", (chunk: string) => {
          answer += chunk;
          if (answer.length >= o.answerBytes) res.destroy();
        });
        const done = () => resolve({ status: res.statusCode ?? 0, answer: answer.slice(0, o.answerBytes) });
        res.on("end", done);
        res.on("close", done);
      },
    );
    req.on("timeout", () => req.destroy(new Error(`${o.timeoutMs} ms 内没有回应`)));
    req.on("error", reject);
    req.end(body);
  });
}
