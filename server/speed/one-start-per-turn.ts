/**
 * Starts requests one per turn of the event loop, in the order they came.
 *
 * libuv accepts one new connection per turn (libuv/libuv#3696). A page's loaders and render run mostly in
 * microtasks, so when every request read in a turn starts at once, one turn holds the whole load's work (a tenth
 * of a second and more at 50 connections): a browser opening a new connection then waited seconds for its first
 * byte while the open ones were served again and again. One start per turn keeps turns short, so new
 * connections are accepted within a page's time and every request waits its turn.
 */
export function oneStartPerTurn<A extends unknown[]>(start: (...args: A) => void): (...args: A) => void {
  const waiting: A[] = [];
  let head = 0;
  let scheduled = false;
  const turn = () => {
    const next = waiting[head];
    waiting[head++] = undefined as never;
    if (head === waiting.length) waiting.length = head = 0;
    scheduled = waiting.length > 0;
    if (scheduled) setImmediate(turn);
    if (next) start(...next);
  };
  return (...args: A) => {
    waiting.push(args);
    if (!scheduled) {
      scheduled = true;
      setImmediate(turn);
    }
  };
}
