/**
 * lib/async/trailing-runs.ts: one run per key at a time, one more waiting, and every caller settled
 * by a run that started after its call, with the latest arguments.
 */
import fc from 'fast-check';
import { trailingRuns } from '@/lib/async/trailing-runs';

type Run = { key: string; args: number; started: number; finish: (error?: Error) => void };

/** A `work` whose runs end when the test says, with a clock of events. */
function harness() {
  let clock = 0;
  const runs: Run[] = [];
  const running = new Map<string, number>();
  let overlap = false;
  const run = trailingRuns<{ key: string; n: number }>(
    ({ key, n }) =>
      new Promise<void>((resolve, reject) => {
        const now = (running.get(key) ?? 0) + 1;
        running.set(key, now);
        if (now > 1) overlap = true;
        runs.push({
          key,
          args: n,
          started: clock++,
          finish: (error) => {
            running.set(key, running.get(key)! - 1);
            if (error) reject(error);
            else resolve();
          },
        });
      }),
  );
  return { run, runs, tick: () => clock++, overlap: () => overlap };
}

const settle = () => new Promise((r) => setImmediate(r));

it('runs a burst of calls on one key as the first run and one more, which has the last call’s arguments', async () => {
  const h = harness();
  const calls = [1, 2, 3, 4, 5].map((n) => h.run('job', { key: 'job', n }));
  await settle();
  expect(h.runs.map((r) => r.args)).toEqual([1]);
  h.runs[0].finish();
  await settle();
  expect(h.runs.map((r) => r.args)).toEqual([1, 5]);
  let settled = 0;
  calls.forEach((c) => c.then(() => settled++));
  await settle();
  expect(settled).toBe(1);
  h.runs[1].finish();
  await Promise.all(calls);
  expect(h.runs).toHaveLength(2);
});

it('keeps keys apart, and a failed run fails only the calls it answers', async () => {
  const h = harness();
  const a = h.run('a', { key: 'a', n: 1 });
  const b = h.run('b', { key: 'b', n: 2 });
  const a2 = h.run('a', { key: 'a', n: 3 });
  await settle();
  expect(h.runs.map((r) => r.args)).toEqual([1, 2]);
  h.runs[0].finish(new Error('the lock timed out'));
  await expect(a).rejects.toThrow('the lock timed out');
  await settle();
  h.runs[1].finish();
  await expect(b).resolves.toBeUndefined();
  expect(h.runs.map((r) => r.args)).toEqual([1, 2, 3]);
  h.runs[2].finish();
  await expect(a2).resolves.toBeUndefined();
  // Nothing is left behind: the next call starts a run at once.
  h.run('a', { key: 'a', n: 4 });
  await settle();
  expect(h.runs.map((r) => r.args)).toEqual([1, 2, 3, 4]);
});

it('any order of calls and ends: one run per key at a time, each call settled by a run started after it, with arguments of a call at or after it', async () => {
  await fc.assert(
    fc.asyncProperty(fc.array(fc.oneof(fc.record({ call: fc.constantFrom('a', 'b') }), fc.record({ end: fc.nat(3), fail: fc.boolean() })), { maxLength: 40 }), async (steps) => {
      const h = harness();
      const calls: { key: string; n: number; at: number; settledBy?: number }[] = [];
      for (const step of steps) {
        if ('call' in step) {
          const call: (typeof calls)[number] = { key: step.call, n: calls.length, at: h.tick() };
          calls.push(call);
          const mark = () => {
            // The run that settled it: the latest of its key to have ended.
            call.settledBy = h.tick();
          };
          h.run(step.call, { key: step.call, n: call.n }).then(mark, mark);
        } else {
          const open = h.runs.filter((r) => !('ended' in r));
          const r = open[step.end % Math.max(open.length, 1)];
          if (r) {
            Object.assign(r, { ended: true });
            r.finish(step.fail ? new Error('failed') : undefined);
          }
        }
        await settle();
      }
      // End whatever is still running, until every call has settled.
      for (let open = h.runs.filter((r) => !('ended' in r)); open.length; open = h.runs.filter((r) => !('ended' in r))) {
        for (const r of open) {
          Object.assign(r, { ended: true });
          r.finish();
        }
        await settle();
      }
      expect(h.overlap()).toBe(false);
      for (const call of calls) {
        expect(call.settledBy).toBeDefined();
        // Some run of its key started after the call, took a call's arguments from at or after it,
        // and started before the call settled.
        const answering = h.runs.filter((r) => r.key === call.key && r.started >= call.at && r.started < call.settledBy! && r.args >= call.n);
        expect(answering.length).toBeGreaterThan(0);
      }
      // Never more runs than calls.
      expect(h.runs.length).toBeLessThanOrEqual(calls.length);
    }),
    { numRuns: 300 },
  );
});
