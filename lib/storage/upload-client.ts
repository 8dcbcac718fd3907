import { ApiError, api } from '@/lib/api/client';

/**
 * The browser's side of the spec's upload calls (jobs spec §7, §8, §9), shared by job videos and
 * ad media: one 'simple' request under 10 MB, otherwise start → chunk × n → finish with chunks
 * sized by the file; each step is retried once; progress is reported as the bytes sent so far.
 */
export const SIMPLE_UPLOAD_MAX_BYTES = 10 * 1024 * 1024;
export const UPLOAD_FAILED = 'multimedia upload failed';

const MB = 1024 * 1024;
export function chunkSize(bytes: number) {
  if (bytes < 30 * MB) return 5 * MB;
  if (bytes < 60 * MB) return 10 * MB;
  if (bytes < 150 * MB) return 15 * MB;
  if (bytes < 500 * MB) return 20 * MB;
  return 25 * MB;
}

export type UploadAnswer = { id?: string; url?: string; video_url?: string; image_url?: string; upload_id?: string };

/** The server refused the upload and said why (type or size 413/422, the day's amount 429): nothing to retry. */
export const isRefusal = (error: unknown): error is ApiError => error instanceof ApiError && [413, 422, 429].includes(error.status);

/** One upload call, retried once when it fails (spec §8: one retry per step). */
async function uploadStep(endpoint: string, fields: Record<string, string | Blob>) {
  const send = () => {
    const form = new FormData();
    for (const [k, v] of Object.entries(fields)) form.set(k, v);
    return api<UploadAnswer>(endpoint, { method: 'POST', body: form });
  };
  try {
    return (await send()).data;
  } catch (error) {
    // A refusal (the file's type or size, the list of parts, the day's upload amount) is the server's
    // answer, not a failure: sending it again changes nothing, and a refused finish has already
    // ended the upload.
    if (isRefusal(error)) throw error;
    return (await send()).data;
  }
}

/** Sends `file` to an upload endpoint ('/jobs/multimedia/upload'); `onProgress` gets 0..1. */
export async function uploadFile(endpoint: string, file: File, onProgress?: (fraction: number) => void): Promise<UploadAnswer> {
  const extension = file.name.split('.').pop()?.toLowerCase() ?? '';
  onProgress?.(0);
  if (file.size < SIMPLE_UPLOAD_MAX_BYTES) {
    const answer = await uploadStep(endpoint, { stage: 'simple', extension, file });
    onProgress?.(1);
    return answer;
  }
  const { upload_id } = await uploadStep(endpoint, { stage: 'start', extension });
  const size = chunkSize(file.size);
  const parts: number[] = [];
  for (let offset = 0, part = 1; offset < file.size; offset += size, part++) {
    await uploadStep(endpoint, { stage: 'chunk', upload_id: upload_id!, part_number: String(part), file_name: file.name, file: file.slice(offset, offset + size) });
    parts.push(part);
    // The finish step joins the parts: keep the last per cent for it.
    onProgress?.(Math.min(offset + size, file.size) / file.size * 0.99);
  }
  const answer = await uploadStep(endpoint, { stage: 'finish', upload_id: upload_id!, file_name: file.name, parts: JSON.stringify(parts) });
  onProgress?.(1);
  return answer;
}
