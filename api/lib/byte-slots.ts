/**
 * A budget of bytes worked on at once (large posts read into memory, their pictures decoded and re-encoded):
 * `run(bytes, work)` waits its turn, first come first served, until its bytes fit beside those at work, then runs.
 * Work larger than the whole budget runs alone; a size that is not a positive number counts as the whole budget.
 */
export type ByteSlots = {
  run<T>(bytes: number, work: () => Promise<T>): Promise<T>;
  /** Bytes at work now, and how many wait. */
  readonly busy: { bytes: number; waiting: number };
};

export function byteSlots(budget: number): ByteSlots {
  let atWork = 0;
  const queue: { bytes: number; go: () => void }[] = [];
  const fits = (bytes: number) => atWork === 0 || atWork + bytes <= budget;
  const next = () => {
    while (queue.length > 0 && fits(queue[0].bytes)) {
      const turn = queue.shift()!;
      atWork += turn.bytes;
      turn.go();
    }
  };
  return {
    async run(bytes, work) {
      const size = Number.isFinite(bytes) && bytes > 0 ? bytes : budget;
      if (queue.length === 0 && fits(size)) atWork += size;
      else await new Promise<void>((go) => queue.push({ bytes: size, go }));
      try {
        return await work();
      } finally {
        atWork -= size;
        next();
      }
    },
    get busy() {
      return { bytes: atWork, waiting: queue.length };
    },
  };
}
