'use client';

import { useEffect, useId, useRef, useState } from 'react';
import { errorMessage } from '@/lib/api/client';
import { AD_IMAGE_EXTENSIONS, AD_MEDIA_TYPE_MESSAGE, AD_VIDEO_EXTENSIONS, type AdMediaType } from '@/lib/ads/codes';
import { UPLOAD_CANCELLED, UPLOAD_FAILED, isCancelled, isRefusal, uploadFile } from '@/lib/storage/upload-client';
import { UploadProgress } from '@/components/ui/upload-progress';

export type AdMedia = { id: string; url: string; type: AdMediaType } | null;

const IMAGE_EXT: readonly string[] = AD_IMAGE_EXTENSIONS;
const VIDEO_EXT: readonly string[] = AD_VIDEO_EXTENSIONS;
const MB = 1024 * 1024;

/**
 * The ad's image or video: an image is sent in one request and comes back cropped to 587x226; a
 * video goes in parts (jobs spec §9) with a progress bar, each step retried once, and ends in
 * 'multimedia upload failed' when a step fails twice. Cancel (beside the bar) or leaving the form
 * stops it: the server drops its parts and the field keeps the media it had.
 */
export function MediaField({ value, onChange, onUploadingChange, error }: { value: AdMedia; onChange: (m: AdMedia) => void; onUploadingChange?: (uploading: boolean) => void; error?: string }) {
  const id = useId();
  const [progress, setProgressState] = useState<number | null>(null);
  // The form cannot be saved while a file is on its way (it would save without it): it is told.
  const setProgress = (p: number | null) => {
    setProgressState(p);
    onUploadingChange?.(p !== null);
  };
  const [fileName, setFileName] = useState('');
  const [problem, setProblem] = useState<string>();
  const [notice, setNotice] = useState('');
  const input = useRef<HTMLInputElement>(null);
  // The upload on its way, to cancel; whether Cancel should put the focus back on the file input.
  const uploading = useRef<AbortController | null>(null);
  const refocus = useRef(false);

  // Leaving the form mid-upload cancels it, so its parts do not wait a day for the tick.
  useEffect(() => () => uploading.current?.abort(), []);
  // Cancel's button goes with the bar: the focus goes back to the file input once it is enabled.
  const idle = progress === null;
  useEffect(() => {
    if (!idle || !refocus.current) return;
    refocus.current = false;
    input.current?.focus();
  }, [idle]);

  const cancel = () => {
    refocus.current = true;
    uploading.current?.abort();
  };

  const choose = async (file: File | undefined) => {
    setProblem(undefined);
    setNotice('');
    if (!file) return;
    const ext = file.name.split('.').pop()?.toLowerCase() ?? '';
    if (![...IMAGE_EXT, ...VIDEO_EXT].includes(ext)) return setProblem(AD_MEDIA_TYPE_MESSAGE);
    if (IMAGE_EXT.includes(ext) && file.size >= 10 * MB) return setProblem('Images must be under 10 MB');
    if (file.size > 500 * MB) return setProblem('Videos must be under 500 MB');
    setFileName(file.name);
    setProgress(0);
    const abort = new AbortController();
    uploading.current = abort;
    try {
      const answer = await uploadFile('/ads/multimedia/upload', file, setProgress, { signal: abort.signal });
      if (!answer.id || !answer.url) throw new Error(UPLOAD_FAILED);
      onChange({ id: answer.id, url: answer.url, type: IMAGE_EXT.includes(ext) ? 'image' : 'video' });
    } catch (e) {
      // Cancelled: the field keeps the media it had (onChange was never called); nothing failed.
      if (isCancelled(e)) setNotice(UPLOAD_CANCELLED);
      else setProblem(isRefusal(e) ? errorMessage(e) : UPLOAD_FAILED);
    } finally {
      if (uploading.current === abort) uploading.current = null;
      setProgress(null);
    }
  };

  const shown = problem ?? error;
  return (
    <div className="flex flex-col gap-2">
      <label htmlFor={id} className="text-sm font-medium text-slate-800">
        Image or video
      </label>
      <input
        ref={input}
        id={id}
        type="file"
        accept=".png,.jpg,.jpeg,.webp,.gif,.mp4,.webm,image/*,video/mp4,video/webm"
        disabled={progress !== null}
        aria-invalid={shown ? true : undefined}
        aria-describedby={`${id}-hint${shown ? ` ${id}-error` : ''}`}
        onChange={(e) => {
          void choose(e.target.files?.[0]);
          e.target.value = '';
        }}
        className="text-sm file:mr-3 file:rounded-lg file:border-0 file:bg-brand-50 file:px-3 file:py-2 file:font-semibold file:text-brand-700 hover:file:bg-brand-100"
      />
      <p id={`${id}-hint`} className="text-xs text-slate-500">
        Images are cropped to 587 × 226 on upload. Videos: mp4 or webm, up to 500 MB.
        {value ? ` Current: ${value.type}.` : ''}
      </p>
      {progress !== null && <UploadProgress fraction={progress} label={`Uploading ${fileName}`} onCancel={cancel} />}
      {/* Always present (so screen readers hear what comes into it); takes no room while empty. */}
      <p role="status" className={notice ? 'text-xs text-slate-600' : 'sr-only'}>
        {notice}
      </p>
      {shown && (
        <p id={`${id}-error`} role="alert" className="text-xs text-red-600">
          {shown}
        </p>
      )}
    </div>
  );
}
