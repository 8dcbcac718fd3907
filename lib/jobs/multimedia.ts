import { randomBytes } from 'node:crypto';
import type { Actor } from '@/lib/auth/actor';
import { AppError, notFound, unprocessable } from '@/lib/errors';
import { storage } from '@/lib/storage';
import { assertJobRole, isJobStaff } from './access';

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
function looksLike(ext: Ext, data: Buffer) {
  if (ext === 'mp4') return data.length > 12 && data.subarray(4, 8).toString('latin1') === 'ftyp';
  return data.length > 4 && data.readUInt32BE(0) === 0x1a45dfa3;
}

async function fileOf(form: FormData, max: number, tooLarge: string) {
  const file = form.get('file');
  if (!file || typeof file === 'string') throw unprocessable(MESSAGES.noFile, 'file');
  if (file.size > max) throw new AppError(413, tooLarge, 'file');
  return Buffer.from(await file.arrayBuffer());
}

async function store(actor: Actor, ext: Ext, data: Buffer) {
  if (!looksLike(ext, data)) throw unprocessable(MESSAGES.type, 'file');
  const owner = ownerOf(actor);
  const file = `${randomBytes(12).toString('hex')}.${ext}`;
  await storage().put(videoKey(owner, file), data, `video/${ext}`);
  const url = videoUrl(owner, file);
  return { id: `${owner}/${file}`, url, video_url: url, file_name: file };
}

const uploadKey = (owner: string, uploadId: string, name: string) => `jobs/uploads/${owner}/${uploadId}/${name}`;

async function readMeta(actor: Actor, uploadId: unknown): Promise<{ owner: string; uploadId: string; ext: Ext }> {
  const id = String(uploadId ?? '');
  if (!/^[a-z0-9]{24}$/.test(id)) throw notFound(MESSAGES.upload);
  const owner = ownerOf(actor);
  const meta = await storage().get(uploadKey(owner, id, 'meta.json'));
  if (!meta) throw notFound(MESSAGES.upload);
  return { owner, uploadId: id, ext: JSON.parse(meta.data.toString('utf8')).ext };
}

/** POST /jobs/multimedia/upload (multipart form). */
export async function uploadVideo(actor: Actor | null, form: FormData) {
  assertJobRole(actor);
  const stage = String(form.get('stage') ?? 'simple');
  if (stage === 'simple') return store(actor, extensionOf(form.get('extension')), await fileOf(form, SIMPLE_MAX_BYTES, MESSAGES.simpleTooLarge));
  if (stage === 'start') {
    const ext = extensionOf(form.get('extension'));
    const uploadId = randomBytes(12).toString('hex');
    await storage().put(uploadKey(ownerOf(actor), uploadId, 'meta.json'), Buffer.from(JSON.stringify({ ext })), 'application/json');
    return { upload_id: uploadId };
  }
  if (stage === 'chunk') {
    const { owner, uploadId } = await readMeta(actor, form.get('upload_id'));
    const part = Number(form.get('part_number'));
    if (!Number.isInteger(part) || part < 1 || part > 10_000) throw unprocessable('Part numbers run from 1 to 10000.', 'part_number');
    await storage().put(uploadKey(owner, uploadId, `part-${part}`), await fileOf(form, CHUNK_MAX_BYTES, MESSAGES.tooLarge), 'application/octet-stream');
    return { upload_id: uploadId, part_number: part };
  }
  if (stage === 'finish') {
    const { owner, uploadId, ext } = await readMeta(actor, form.get('upload_id'));
    let parts: number[];
    try {
      const raw = JSON.parse(String(form.get('parts') ?? ''));
      parts = (Array.isArray(raw) ? raw : []).map((p: unknown) => Number(typeof p === 'object' && p ? (p as { part_number?: unknown }).part_number : p));
    } catch {
      parts = [];
    }
    if (!parts.length || parts.some((p) => !Number.isInteger(p) || p < 1)) throw unprocessable(MESSAGES.parts, 'parts');
    const chunks: Buffer[] = [];
    let total = 0;
    for (const p of [...new Set(parts)].sort((a, b) => a - b)) {
      const chunk = await storage().get(uploadKey(owner, uploadId, `part-${p}`));
      if (!chunk) throw unprocessable(`Part ${p} was not uploaded.`, 'parts');
      total += chunk.data.length;
      if (total > VIDEO_MAX_BYTES) throw new AppError(413, MESSAGES.tooLarge, 'file');
      chunks.push(chunk.data);
    }
    const result = await store(actor, ext, Buffer.concat(chunks));
    await Promise.all([...parts.map((p) => storage().delete(uploadKey(owner, uploadId, `part-${p}`))), storage().delete(uploadKey(owner, uploadId, 'meta.json'))]);
    return result;
  }
  throw unprocessable(MESSAGES.stage, 'stage');
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
  if (!(await storage().get(key))) throw notFound('Video not found.');
  await storage().delete(key);
  return { id: `${owner}/${file}` };
}

/** GET /jobs/multimedia/{owner}/{file}: the video, with byte ranges so players can seek. */
export async function videoResponse(owner: string, file: string, range: string | null): Promise<Response> {
  const found = await storage().get(parseId(owner, file));
  if (!found) throw notFound('Video not found.');
  const { data } = found;
  const type = file.endsWith('.webm') ? 'video/webm' : 'video/mp4';
  const headers: Record<string, string> = { 'content-type': type, 'accept-ranges': 'bytes', 'cache-control': 'public, max-age=31536000, immutable' };
  const m = range?.match(/^bytes=(\d*)-(\d*)$/);
  if (m && (m[1] || m[2])) {
    const start = m[1] ? Number(m[1]) : Math.max(0, data.length - Number(m[2]));
    const end = m[1] && m[2] ? Math.min(Number(m[2]), data.length - 1) : data.length - 1;
    if (start >= data.length || start > end) return new Response(null, { status: 416, headers: { ...headers, 'content-range': `bytes */${data.length}` } });
    return new Response(new Uint8Array(data.subarray(start, end + 1)), { status: 206, headers: { ...headers, 'content-range': `bytes ${start}-${end}/${data.length}` } });
  }
  return new Response(new Uint8Array(data), { headers });
}
