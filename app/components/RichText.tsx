import { Link } from "react-router";
import { commentPieces } from "./comment-text.ts";
import { outboundHref } from "../../contract/shared/outbound.ts";

/**
 * Text someone wrote (a comment, a private message): links and @mentions of real users become anchors, the rest
 * stays text, so nothing a user writes can become markup.
 */
export function RichText({
  content,
  mentions = {},
  className = "",
}: {
  content: string;
  mentions?: Record<string, number>;
  className?: string;
}) {
  return (
    <p className={`whitespace-pre-wrap break-words text-sm leading-relaxed ${className}`}>
      {commentPieces(content, mentions).map((p, i) =>
        p.kind === "text" ? (
          <span key={i}>{p.text}</span>
        ) : p.kind === "link" ? (
          <a
            key={i}
            href={outboundHref(p.href)}
            target="_blank"
            rel="nofollow ugc noopener noreferrer"
            className="underline"
          >
            {p.text}
          </a>
        ) : (
          <Link key={i} to={`/user/${p.userId}`} className="text-primary underline underline-offset-2">
            {p.text}
          </Link>
        ),
      )}
    </p>
  );
}
