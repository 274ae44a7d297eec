import { createElement, type HTMLAttributes, type ReactNode } from "react";
import { useSharedMarkup } from "../speed/shared-markup.ts";

type Tag = "article" | "div" | "footer" | "li" | "nav" | "section";

/**
 * An element whose contents are the same for everyone who sees the same `sameFor` (a card's data, the node list):
 * the server draws them once per process and writes the kept markup inside the element; the browser renders the
 * same contents and hydrates them as usual. Everything inside must come from its props: no context, no ids.
 */
export function SharedPiece({
  as,
  sameFor,
  children,
  ...props
}: HTMLAttributes<HTMLElement> & { as: Tag; sameFor: string; children: ReactNode; "data-testid"?: string }) {
  const draw = useSharedMarkup();
  if (!draw) return createElement(as, props, children);
  return createElement(as, { ...props, dangerouslySetInnerHTML: { __html: draw(sameFor, children) } });
}
