import { createContext, useContext, useEffect, useRef, useState, type ReactNode } from "react";
import { useMatches, useRevalidator } from "react-router";
import type { MsgRecent } from "../../contract/inbox/views.ts";
import { followInbox } from "./inbox-stream.ts";

const InboxContext = createContext<MsgRecent | null>(null);

/**
 * The signed-in person's unread state for every part of the page (the bell, the sidebar, the messages pages). It
 * starts from the root loader and, with JavaScript, follows the server's stream at /user/events (one per browser,
 * lib/inbox-stream.ts): a like or a message shows within a second, with no polling. Newer loader data (after a mark-read, say) replaces what the
 * stream said before it.
 */
export function InboxProvider({
  userId,
  initial: fromRoot,
  children,
}: {
  userId: number | null;
  initial: MsgRecent | null;
  children: ReactNode;
}) {
  // A page whose loader changed the inbox (opening a conversation reads it) answers the state after its change;
  // the root's, asked at the same time, may be from before it.
  const matches = useMatches();
  const fromPage = fromRoot
    ? (matches.findLast((m) => (m.loaderData as { unread?: MsgRecent } | undefined)?.unread) as
        { loaderData: { unread: MsgRecent } } | undefined)
    : undefined;
  const initial = fromPage?.loaderData.unread ?? fromRoot;
  const [streamed, setStreamed] = useState<{ base: MsgRecent | null; value: MsgRecent } | null>(null);
  const base = useRef(initial);
  base.current = initial;
  const following = initial !== null ? userId : null;
  useEffect(() => {
    if (!following || typeof EventSource === "undefined") return;
    return followInbox(following, (value) => setStreamed({ base: base.current, value }));
  }, [following]);
  const value = streamed && streamed.base === initial ? streamed.value : initial;
  return <InboxContext.Provider value={value}>{children}</InboxContext.Provider>;
}

/** The unread state, or null for a visitor. */
export function useInbox(): MsgRecent | null {
  return useContext(InboxContext);
}

/**
 * Asks the page's loaders again when the stream says something new arrived that this page shows: `pick` reads the
 * figure that page cares about (a count going up, a conversation's unread messages).
 */
export function useRevalidateOnInbox(pick: (inbox: MsgRecent) => number) {
  const inbox = useInbox();
  const revalidator = useRevalidator();
  const figure = inbox ? pick(inbox) : 0;
  const seen = useRef(figure);
  useEffect(() => {
    if (figure > seen.current && revalidator.state === "idle") void revalidator.revalidate();
    seen.current = figure;
  }, [figure, revalidator]);
}
