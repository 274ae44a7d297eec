/**
 * Work under way, counted so that a stopping process closes what the work needs (its database) only after the last
 * piece: `begin()` when one starts, the function it answers when it ends.
 */
export function inFlight() {
  let count = 0;
  let begun = 0;
  let waiting: (() => void)[] = [];
  const begin = (): (() => void) => {
    count++;
    begun++;
    let ended = false;
    return () => {
      if (ended) return;
      ended = true;
      if (--count > 0) return;
      const woken = waiting;
      waiting = [];
      for (const wake of woken) wake();
    };
  };
  return {
    get count() {
      return count;
    },
    /** How many pieces of work have begun, ever. */
    get begun() {
      return begun;
    },
    begin,
    /** Counts `work` until it settles, and answers it unchanged. */
    track<T>(work: T | Promise<T>): Promise<T> {
      const end = begin();
      const settled = Promise.resolve(work);
      settled.then(end, end);
      return settled;
    },
    /**
     * Resolves once nothing is under way: true, or false if work was still going after `limitMs`. Nothing may start
     * for `quietMs` either, so work that starts soon after other work ends (a page's second call, once it has read
     * its first answer) is waited for too.
     */
    async idle(limitMs: number, quietMs = 50): Promise<boolean> {
      const deadline = Date.now() + limitMs;
      for (;;) {
        while (count > 0) {
          const left = deadline - Date.now();
          if (left <= 0) return false;
          let timer: ReturnType<typeof setTimeout> | undefined;
          await new Promise<void>((wake) => {
            waiting.push(wake);
            timer = setTimeout(wake, left);
          });
          clearTimeout(timer);
        }
        const before = begun;
        await new Promise<void>((r) => setTimeout(r, quietMs));
        if (count === 0 && begun === before) return true;
        if (Date.now() >= deadline) return count === 0;
      }
    },
  };
}
