/**
 * What the Hono app sees beside an HTTP request: `Bindings.clientIp` is the caller's address as server.ts decided
 * it (the socket, or a trusted proxy's entry). Handlers see a call (api/lib/call.ts), not this.
 */
export type ApiEnv = {
  Bindings: { clientIp?: string } | undefined;
};
