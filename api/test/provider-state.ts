/** What a scripted sign-in provider (oauth-server.ts, wechat-server.ts) lets a test set and read. */
export type Person = { id: string; name: string; login?: string };
export type ProviderServer = {
  url: string;
  state: {
    person: Person;
    /** The next authorization is refused, as when the person clicks 拒绝. */
    deny: boolean;
    tokenRequests: { url: string; authorization: string; body: Record<string, unknown> }[];
  };
  stop(): Promise<void>;
};

/** Where a provider's sign-in page sends the browser: its redirect, or the page's refresh (WeChat's). */
export async function providerSendsBack(url: string): Promise<URL> {
  const res = await fetch(url, { redirect: "manual" });
  const location = res.headers.get("location");
  if (location) return new URL(location);
  const refresh = /http-equiv="refresh" content="0;url=([^"]+)"/.exec(await res.text());
  if (!refresh) throw new Error(`${url} sent the browser nowhere (${res.status})`);
  return new URL(refresh[1].replace(/&amp;/g, "&").replace(/&quot;/g, '"'));
}
