/**
 * At most one run of `work` per key at a time in this process, and at most one more waiting behind
 * it. A call while a run is going joins the waiting one (which takes the latest call's arguments);
 * the waiting one starts when the running one ends. So every caller's promise settles after a run
 * that started after its call, as if it had run its own, while a burst of N calls costs two runs,
 * not N runs queued on a lock, each holding a pool connection as it waits (issue 16).
 */
export function trailingRuns<A>(work: (args: A) => Promise<void>) {
  type Waiting = { args: A; done: Promise<void>; settle: (run: Promise<void>) => void };
  const slots = new Map<string, { waiting: Waiting | null }>();

  const begin = (key: string, args: A): Promise<void> => {
    const slot: { waiting: Waiting | null } = { waiting: null };
    slots.set(key, slot);
    const run = Promise.resolve().then(() => work(args));
    const next = () => {
      slots.delete(key);
      if (slot.waiting) slot.waiting.settle(begin(key, slot.waiting.args));
    };
    run.then(next, next);
    return run;
  };

  return (key: string, args: A): Promise<void> => {
    const slot = slots.get(key);
    if (!slot) return begin(key, args);
    if (slot.waiting) {
      slot.waiting.args = args;
      return slot.waiting.done;
    }
    let settle!: (run: Promise<void>) => void;
    const done = new Promise<void>((resolve) => (settle = resolve));
    slot.waiting = { args, done, settle };
    return done;
  };
}
