import { AsyncLocalStorage } from "node:async_hooks";
import { pageClockNote, type PageClock } from "./page-clock.ts";

/** The clock of the page being rendered, through React's own scheduling of the render (it keeps async context). */
const rendering = new AsyncLocalStorage<PageClock>();

pageClockNote.note = (changesAt) => {
  const clock = rendering.getStore();
  if (clock && changesAt < clock.changesAt) clock.changesAt = changesAt;
};

/** Runs a page's render with its clock listening (app/entry.server.tsx). */
export const withPageClock = <T>(clock: PageClock | undefined, render: () => T): T =>
  clock ? rendering.run(clock, render) : render();
