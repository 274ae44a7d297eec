import { createContext, useContext, type ReactNode } from "react";

/**
 * Draws what is inside a piece of a page the same for every reader who sees the same inputs, and keeps it: `sameFor`
 * names those inputs. Given on the server only (entry.server.tsx); in the browser there is none, and the piece
 * renders, hydrates and updates as any other.
 */
export type DrawShared = (sameFor: string, inside: ReactNode) => string;

export const SharedMarkupContext = createContext<DrawShared | null>(null);

export const useSharedMarkup = () => useContext(SharedMarkupContext);
