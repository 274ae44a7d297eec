import { createContext } from "react-router";

/** What server.ts hands every loader and action: the way to reach the upstream API. */
export type WebDeps = {
  /** Sends a request to the API: in-process by default, over HTTP when API_ORIGIN is set. */
  apiFetch: (request: Request) => Promise<Response>;
};

// server.ts and the built bundle each load their own copy of this module; one global key makes them agree.
const KEY = Symbol.for("yishe.webContext");
const registry = globalThis as unknown as Record<symbol, ReturnType<typeof createContext<WebDeps>> | undefined>;
export const webContext = (registry[KEY] ??= createContext<WebDeps>());
