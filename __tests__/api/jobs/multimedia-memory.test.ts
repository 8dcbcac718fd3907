import fs from 'node:fs';
import path from 'node:path';
import v8 from 'node:v8';
import vm from 'node:vm';
import { NextRequest } from 'next/server';
import { GET as videoGet } from '@/app/api/v1.0/jobs/multimedia/[owner]/[file]/route';
import { POST as uploadPost } from '@/app/api/v1.0/jobs/multimedia/upload/route';
import { call } from '../../helpers/http';
import { seed } from '../../helpers/seed';
import { withTempStorage } from '../../helpers/storage';
import { tokens } from './helpers';

/**
 * A 60 MB video in 4 MB parts, with the server's memory watched throughout: assembling the parts
 * and serving the file (whole or a range) must stream, so live memory never grows by much more
 * than one part, whatever the video's size.
 */
const MB = 1024 * 1024;
const PART = 4 * MB;
const PARTS = 15;
// Well under the file: a held file (or its greater part) fails, what is in flight does not. ArrayBuffers
// freed by a collection leave the count a moment later (V8 sweeps them on another thread), so the
// figure after a collection still varies by several parts from run to run.
const BOUND = 40 * MB;

// Full collections let the samples below tell live memory from garbage.
v8.setFlagsFromString('--expose-gc');
const gc: () => void = (globalThis as { gc?: () => void }).gc ?? vm.runInNewContext('gc');

let t: Awaited<ReturnType<typeof tokens>>;
const dir = withTempStorage('videos-mem');
beforeAll(async () => {
  await seed();
  t = await tokens();
});

function part(n: number) {
  const data = Buffer.alloc(PART, n);
  if (n === 1) Buffer.concat([Buffer.from([0, 0, 0, 24]), Buffer.from('ftypisom')]).copy(data);
  return data;
}

function upload(fields: Record<string, string | Buffer>) {
  const f = new FormData();
  for (const [k, v] of Object.entries(fields)) {
    if (typeof v === 'string') f.set(k, v);
    else f.set(k, new Blob([new Uint8Array(v)]), 'clip.mp4');
  }
  return call(uploadPost, { method: 'POST', token: t.employer, rawBody: f });
}

/** Reads a response body to its end without keeping it, as a video player's connection would. */
async function drain(res: Response) {
  let bytes = 0;
  const reader = res.body!.getReader();
  for (let r = await reader.read(); !r.done; r = await reader.read()) bytes += r.value.length;
  return bytes;
}

/**
 * Runs `work` while sampling memory every few milliseconds; answers the peak growth of the memory
 * Buffers hold (a file read or joined in memory is there). A sample past half the bound is taken
 * again after a full collection, so garbage V8 has not collected yet (pieces already sent) does not
 * count, but memory still held does. The process's resident size is not measured: the allocator
 * keeps freed pages, so it stayed above half the bound on a loaded machine, every sample became a
 * collection of the worker's whole heap, and the test ran past two minutes.
 */
async function peakGrowth(work: () => Promise<void>) {
  const live = () => process.memoryUsage().arrayBuffers;
  gc();
  const base = live();
  let peak = 0;
  const sample = () => {
    let growth = live() - base;
    if (growth >= BOUND / 2) {
      gc();
      growth = live() - base;
    }
    peak = Math.max(peak, growth);
  };
  // Every 20 ms: a whole file held in memory lasts far longer than that.
  const timer = setInterval(sample, 20);
  try {
    await work();
  } finally {
    clearInterval(timer);
  }
  sample();
  return peak;
}

it('assembles and serves a 60 MB video in parts with bounded memory growth', async () => {
  const { upload_id } = (await upload({ stage: 'start', extension: 'mp4' })).json.data;
  const sending = await peakGrowth(async () => {
    for (let n = 1; n <= PARTS; n++) expect((await upload({ stage: 'chunk', upload_id, part_number: String(n), file: part(n) })).status).toBe(200);
  });

  let id = '';
  const finishing = await peakGrowth(async () => {
    const done = await upload({ stage: 'finish', upload_id, parts: JSON.stringify(Array.from({ length: PARTS }, (_, i) => i + 1)) });
    expect(done.status).toBe(200);
    id = done.json.data.id;
  });
  expect(fs.statSync(path.join(dir, 'jobs/videos', id)).size).toBe(PART * PARTS);

  const [owner, file] = id.split('/');
  const get = (range?: string) => videoGet(new NextRequest(`http://localhost/api/v1.0/jobs/multimedia/${id}`, { headers: range ? { range } : {} }) as never, { params: Promise.resolve({ owner, file }) } as never);
  const serving = await peakGrowth(async () => {
    const ranged = await get(`bytes=${PART}-${PART * PARTS - 1}`);
    expect(ranged.status).toBe(206);
    expect(ranged.headers.get('content-range')).toBe(`bytes ${PART}-${PART * PARTS - 1}/${PART * PARTS}`);
    expect(await drain(ranged)).toBe(PART * (PARTS - 1));
    const whole = await get();
    expect(whole.status).toBe(200);
    expect(await drain(whole)).toBe(PART * PARTS);
  });

  // Sending holds a part several times over (the test's copy, the request, the parsed form, the
  // stream to the driver) plus a fixed cost of the multipart records: measured 29 MB at 6 parts and
  // 34 MB at 15, so it does not grow with the file; what must never happen is the 60 MB file held
  // whole, which SENDING_BOUND still catches. Joining and serving stay under the tighter bound.
  const SENDING_BOUND = 45 * MB;
  for (const [stage, growth] of Object.entries({ sending, finishing, serving })) {
    const bound = stage === 'sending' ? SENDING_BOUND : BOUND;
    expect({ stage, ok: growth < bound, growth }).toMatchObject({ stage, ok: true });
  }
  // Nothing of the parts is left behind.
  expect(fs.existsSync(path.join(dir, 'jobs/uploads'))).toBe(false);
}, 120_000);
