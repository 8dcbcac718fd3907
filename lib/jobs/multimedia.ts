import { randomBytes } from 'node:crypto';
import { like } from 'drizzle-orm';
import type { Actor } from '@/lib/auth/actor';
import type { Database } from '@/lib/db/client';
import { jobs } from '@/lib/db/schema';
import { AppError, notFound, unprocessable } from '@/lib/errors';
import { storage } from '@/lib/storage';
import { chunkedUploads } from '@/lib/storage/chunked';
import { storedFileResponse } from '@/lib/storage/serve';
import { assertJobRole, isJobStaff } from './access';
import { UPLOADED_VIDEO_RE } from './schemas';

/**
 * Job videos (jobs spec §7 "Uploads"): POST /jobs/multimedia/upload with stage simple (one
 * request under 10 MB), or start → chunk × n → finish for larger files; served publicly by
 * GET /jobs/multimedia/{owner}/{file} (the public job page plays it); removed by
 * DELETE /jobs/multimedia/delete/{owner}/{file}. mp4 and webm only, checked by content.
 */
export const SIMPLE_MAX_BYTES = 10 * 1024 * 1024;
export const CHUNK_MAX_BYTES = 25 * 1024 * 1024;
export const VIDEO_MAX_BYTES = 500 * 1024 * 1024;
export const VIDEO_TYPES = ['mp4', 'webm'] as const;
export const MESSAGES = {
  type: 'Videos must be mp4 or webm.',
  tooLarge: 'This video is too large.',
  simpleTooLarge: 'Files of 10 MB or more are sent in chunks (stage start, chunk, finish).',
  noFile: 'Choose a video file.',
  stage: 'Unknown upload stage.',
  upload: 'Upload not found.',
  parts: 'Send the parts as a JSON list of part numbers.',
} as const;

type Ext = (typeof VIDEO_TYPES)[number];
const FILE_RE = /^[a-z0-9]{24}\.(mp4|webm)$/;
const OWNER_RE = /^(c\d{1,10}|staff)$/;

/** The folder of the caller's videos: its company's, or one shared by staff without a company. */
const ownerOf = (actor: Actor) => (actor.companyId ? `c${actor.companyId}` : 'staff');
const videoKey = (owner: string, file: string) => `jobs/videos/${owner}/${file}`;
export const videoUrl = (owner: string, file: string) => `/api/v1.0/jobs/multimedia/${owner}/${file}`;

function extensionOf(raw: unknown): Ext {
  const ext = String(raw ?? '').replace(/^\./, '').toLowerCase();
  if (!(VIDEO_TYPES as readonly string[]).includes(ext)) throw unprocessable(MESSAGES.type, 'extension');
  return ext as Ext;
}

/** mp4: an ISO BMFF 'ftyp' box first; webm: the EBML magic number. */
function looksLike(ext: Ext, head: Buffer) {
  if (ext === 'mp4') return head.length > 12 && head.subarray(4, 8).toString('latin1') === 'ftyp';
  return head.length > 4 && head.readUInt32BE(0) === 0x1a45dfa3;
}

/** Refuses a file whose first bytes are not the declared type, before anything is stored. */
async function assertVideoStart(ext: Ext, file: Blob) {
  if (!looksLike(ext, Buffer.from(await file.slice(0, 16).arrayBuffer()))) throw unprocessable(MESSAGES.type, 'file');
}

function fileOf(form: FormData, max: number, tooLarge: string): Blob {
  const file = form.get('file');
  if (!file || typeof file === 'string') throw unprocessable(MESSAGES.noFile, 'file');
  if (file.size > max) throw new AppError(413, tooLarge, 'file');
  return file;
}

const newVideoName = (ext: Ext) => `${randomBytes(12).toString('hex')}.${ext}`;

function stored(owner: string, file: string) {
  const url = videoUrl(owner, file);
  return { id: `${owner}/${file}`, url, video_url: url, file_name: file };
}

async function storeSimple(actor: Actor, ext: Ext, file: Blob) {
  await assertVideoStart(ext, file);
  const owner = ownerOf(actor);
  const name = newVideoName(ext);
  await storage().put(videoKey(owner, name), file.stream(), `video/${ext}`, file.size);
  return stored(owner, name);
}

/** Records of chunked uploads (lib/storage/chunked.ts); the tick aborts what is untouched for a day. */
const uploads = chunkedUploads('jobs/uploads');

const MAX_PART = 10_000;

function partsOf(form: FormData): number[] {
  let parts: number[];
  try {
    const raw = JSON.parse(String(form.get('parts') ?? ''));
    parts = (Array.isArray(raw) ? raw : []).map((p: unknown) => Number(typeof p === 'object' && p ? (p as { part_number?: unknown }).part_number : p));
  } catch {
    parts = [];
  }
  if (!parts.length || parts.some((p) => !Number.isInteger(p) || p < 1 || p > MAX_PART)) throw unprocessable(MESSAGES.parts, 'parts');
  return [...new Set(parts)].sort((a, b) => a - b);
}

/** POST /jobs/multimedia/upload (multipart form). */
export async function uploadVideo(actor: Actor | null, form: FormData) {
  assertJobRole(actor);
  const stage = String(form.get('stage') ?? 'simple');
  if (stage === 'simple') return storeSimple(actor, extensionOf(form.get('extension')), fileOf(form, SIMPLE_MAX_BYTES, MESSAGES.simpleTooLarge));
  if (stage === 'start') {
    const ext = extensionOf(form.get('extension'));
    const owner = ownerOf(actor);
    const name = newVideoName(ext);
    return { upload_id: await uploads.start(owner, videoKey(owner, name), `video/${ext}`, { ext, name }) };
  }
  if (stage === 'chunk') {
    const upload = await uploads.open(ownerOf(actor), form.get('upload_id'));
    const part = Number(form.get('part_number'));
    if (!Number.isInteger(part) || part < 1 || part > MAX_PART) throw unprocessable('Part numbers run from 1 to 10000.', 'part_number');
    const file = fileOf(form, CHUNK_MAX_BYTES, MESSAGES.tooLarge);
    // The type is known from the first part: refuse a wrong file now, not after 500 MB.
    if (part === 1) await assertVideoStart(upload.meta.ext as Ext, file);
    await uploads.chunk(upload, part, file);
    return { upload_id: upload.uploadId, part_number: part };
  }
  if (stage === 'finish') {
    const upload = await uploads.open(ownerOf(actor), form.get('upload_id'));
    await uploads.finish(upload, partsOf(form), VIDEO_MAX_BYTES, MESSAGES.tooLarge);
    return stored(upload.scope, upload.meta.name);
  }
  throw unprocessable(MESSAGES.stage, 'stage');
}

/** Tick step: aborts chunked uploads untouched for a day (their parts and records go). */
export async function purgeAbandonedUploads(now: Date) {
  return uploads.purgeAbandoned(now);
}

function parseId(owner: string, file: string) {
  if (!OWNER_RE.test(owner) || !FILE_RE.test(file)) throw notFound('Video not found.');
  return videoKey(owner, file);
}

/** DELETE /jobs/multimedia/delete/{owner}/{file}: a company removes its own videos; staff any. */
export async function deleteVideo(actor: Actor | null, owner: string, file: string) {
  assertJobRole(actor);
  const key = parseId(owner, file);
  if (!isJobStaff(actor) && owner !== ownerOf(actor)) throw notFound('Video not found.');
  if (!(await storage().stat(key))) throw notFound('Video not found.');
  await storage().delete(key);
  return { id: `${owner}/${file}` };
}

/**
 * A job no longer shows this video (replaced or removed): its file goes, unless another job (a
 * duplicate) still shows it, or it is not one of ours in the job company's or the staff folder.
 */
export async function releaseJobVideo(db: Database, companyId: number, url: string | null | undefined) {
  if (!url) return;
  let pathname: string;
  try {
    pathname = new URL(url, 'http://local').pathname;
  } catch {
    return;
  }
  if (!UPLOADED_VIDEO_RE.test(pathname)) return;
  const [owner, file] = pathname.split('/').slice(-2);
  if (owner !== `c${companyId}` && owner !== 'staff') return;
  const [inUse] = await db.select({ id: jobs.id }).from(jobs).where(like(jobs.videoUrl, `%/${owner}/${file}`)).limit(1);
  if (!inUse) await storage().delete(videoKey(owner, file));
}

/** GET /jobs/multimedia/{owner}/{file}: the video, streamed, with byte ranges so players can seek. */
export async function videoResponse(owner: string, file: string, range: string | null): Promise<Response> {
  const res = await storedFileResponse(parseId(owner, file), range, { 'cache-control': 'public, max-age=31536000, immutable' });
  if (!res) throw notFound('Video not found.');
  return res;
}
