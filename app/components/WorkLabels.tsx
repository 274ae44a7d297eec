import type { CSSProperties, ReactNode } from "react";
import { SiteLink } from "./SiteLink.tsx";
import { kindLabel } from "../../contract/shared/kinds.ts";
import type { TagRef } from "../../contract/site/views.ts";
import type { WorkCardView } from "../../contract/works/views.ts";

/** The kind of a work and the node it is filed under, as a card and a work page head them. */
export function KindAndNode({ work }: { work: Pick<WorkCardView, "type" | "node"> }) {
  return (
    <>
      <span className="rounded bg-surface-2 px-1.5 py-0.5 text-xs">{kindLabel[work.type]}</span>
      {work.node && (
        <SiteLink to={`/arts/node/${work.node.nodeId}`} className="hover:text-primary">
          {work.node.name}
        </SiteLink>
      )}
    </>
  );
}

/** "# 水彩", leading to the tag's works. */
export function TagLink({
  tag,
  className,
  style,
  children,
}: {
  tag: TagRef;
  className: string;
  style?: CSSProperties;
  children?: ReactNode;
}) {
  return (
    <SiteLink to={`/arts/tag/${tag.tagId}`} className={className} style={style}>
      # {tag.name}
      {children}
    </SiteLink>
  );
}

/** Tags as a list of links, each drawn as `chip` says (a work's tags, the tag cloud). */
export function TagList<T extends TagRef>({
  tags,
  className,
  chip,
  ...list
}: {
  tags: T[];
  className: string;
  chip: (tag: T) => { className: string; style?: CSSProperties; after?: ReactNode };
  "aria-label"?: string;
  "data-testid"?: string;
}) {
  return (
    <ul className={className} {...list}>
      {tags.map((t) => {
        const { after, ...look } = chip(t);
        return (
          <li key={t.tagId}>
            <TagLink tag={t} {...look}>
              {after}
            </TagLink>
          </li>
        );
      })}
    </ul>
  );
}
