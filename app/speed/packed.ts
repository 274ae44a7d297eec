/**
 * Loader data as one JSON string to React Router (docs/speed.md). The data a page renders goes into the page once more
 * (and into every `.data` answer) through turbo-stream, which spends time and allocations on each distinct value it
 * meets, and a page of cards holds hundreds; packed, each is one string that `JSON.stringify` writes at once.
 *
 * The server renders from the value itself, kept under a symbol that turbo-stream never looks at (it reads
 * `Object.keys`); the browser parses the string once per answer it gets.
 */
const held = Symbol("packed value");

/** What a packed value carries through turbo-stream: only `json`. */
export type Packed<T> = { readonly json: string; readonly [held]?: T };

/**
 * The value for loader data: `value` must be JSON's own (no undefined in arrays, no Dates, Maps or NaN). The string
 * is written when turbo-stream reads it, so a packed value a loader opens again on the server (a work page's more
 * works, from a packed page of cards) costs nothing.
 */
export function pack<T>(value: T): Packed<T> {
  return {
    get json() {
      return JSON.stringify(value);
    },
    [held]: value,
  };
}

const parsed = new WeakMap<object, unknown>();

/**
 * The value again: the one packed on the server, or the string parsed once for each answer in the browser, so every
 * render of the same answer sees the same objects (React's memos and effects compare them).
 */
export function unpack<T>(packed: Packed<T>): T {
  const own = packed[held];
  if (own !== undefined) return own;
  if (!parsed.has(packed)) parsed.set(packed, JSON.parse(packed.json));
  return parsed.get(packed) as T;
}
