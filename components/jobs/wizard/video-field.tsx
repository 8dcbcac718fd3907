'use client';

import { clsx } from 'clsx';
import { useEffect, useId, useRef, useState } from 'react';
import { ApiError, errorMessage } from '@/lib/api/client';
import { useUploadJobVideo } from '@/lib/jobs/video-upload';
import { UPLOAD_CANCELLED, UPLOAD_FAILED, isCancelled } from '@/lib/storage/upload-client';
import { UploadProgress } from '@/components/ui/upload-progress';
import { TextField } from '../controls';

/** Video types and size limit of the upload call (jobs spec §5, §9). */
export const VIDEO_EXTENSIONS = ['mp4', 'webm'] as const;
export const VIDEO_MAX_BYTES = 500 * 1024 * 1024;
export const VIDEO_TYPE_MESSAGE = 'Choose an mp4 or webm video';
export const VIDEO_SIZE_MESSAGE = 'Upload a video under 500 MB, or paste a link to it';

type Props = {
  value: string;
  onChange: (url: string) => void;
  error?: string;
  onBlur?: () => void;
  /**
   * How the video stands for the draft's `multimediaUploadFailed` flag: true after an upload failed
   * (its retry included), false after a successful upload, a typed link or removing the video.
   */
  onUploadResult?: (failed: boolean) => void;
};

/**
 * A video for the posting: a link (YouTube, Vimeo, a file URL) or an mp4/webm file uploaded at once.
 * An upload can be cancelled (the Cancel button beside its bar, or leaving the form): the server
 * drops its parts and the field keeps the video it had.
 */
export function VideoField({ value, onChange, error, onBlur, onUploadResult }: Props) {
  const [mode, setMode] = useState<'link' | 'upload'>('link');
  const [fileError, setFileError] = useState<string>();
  const [fileName, setFileName] = useState<string>();
  const [progress, setProgress] = useState(0);
  const upload = useUploadJobVideo();
  const fileInput = useRef<HTMLInputElement>(null);
  const id = useId();
  // The upload on its way, to cancel; whether Cancel should put the focus back on the file input.
  const uploading = useRef<AbortController | null>(null);
  const refocus = useRef(false);
  const [notice, setNotice] = useState('');

  // Leaving the form mid-upload cancels it: its answer would have nowhere to go.
  useEffect(() => () => uploading.current?.abort(), []);
  // Cancel's button goes with the bar: the focus goes back to the file input once it is enabled.
  useEffect(() => {
    if (upload.isPending || !refocus.current) return;
    refocus.current = false;
    fileInput.current?.focus();
  }, [upload.isPending]);

  const cancel = () => {
    refocus.current = true;
    uploading.current?.abort();
  };

  const choose = async (file: File | undefined) => {
    setFileError(undefined);
    setNotice('');
    if (!file) return;
    const ext = file.name.split('.').pop()?.toLowerCase() ?? '';
    if (!(VIDEO_EXTENSIONS as readonly string[]).includes(ext)) return setFileError(VIDEO_TYPE_MESSAGE);
    if (file.size > VIDEO_MAX_BYTES) return setFileError(VIDEO_SIZE_MESSAGE);
    setFileName(file.name);
    const abort = new AbortController();
    uploading.current = abort;
    try {
      onChange(await upload.mutateAsync({ file, onProgress: setProgress, signal: abort.signal }));
      onUploadResult?.(false);
    } catch (e) {
      if (isCancelled(e)) {
        // The field keeps the video it had (onChange was never called); nothing failed.
        setFileName(undefined);
        setNotice(UPLOAD_CANCELLED);
        return;
      }
      // A refused file says why (its type, the day's upload amount); anything else is the spec's upload failure.
      const refused = e instanceof ApiError && (e.status === 422 || e.status === 429);
      setFileError(refused ? errorMessage(e) : UPLOAD_FAILED);
      if (!refused) onUploadResult?.(true);
      setFileName(undefined);
    } finally {
      if (uploading.current === abort) uploading.current = null;
      if (fileInput.current) fileInput.current.value = '';
    }
  };

  return (
    <div className="flex flex-col gap-3">
      <div role="radiogroup" aria-label="Video source" className="inline-flex w-fit rounded-lg bg-slate-100 p-1 text-sm">
        {(['link', 'upload'] as const).map((m) => (
          <button
            key={m}
            type="button"
            role="radio"
            aria-checked={mode === m}
            onClick={() => setMode(m)}
            className={clsx('rounded-md px-3 py-1.5 font-medium transition', mode === m ? 'bg-white text-slate-900 shadow-sm' : 'text-slate-600 hover:text-slate-900')}
          >
            {m === 'link' ? 'Paste a link' : 'Upload a file'}
          </button>
        ))}
      </div>
      {mode === 'link' ? (
        <TextField
          label="Video URL"
          optional
          type="url"
          inputMode="url"
          placeholder="https://www.youtube.com/watch?v=…"
          value={value}
          onChange={(e) => {
            onChange(e.target.value);
            if (e.target.value) onUploadResult?.(false);
          }}
          onBlur={onBlur}
          error={error}
          hint="A short video of your trucks or team helps drivers decide."
        />
      ) : (
        <div className="flex flex-col gap-2">
          <label
            htmlFor={id}
            className={clsx(
              'flex cursor-pointer flex-col items-center justify-center gap-1 rounded-xl border-2 border-dashed px-4 py-6 text-center transition hover:border-brand-400 hover:bg-brand-50/40 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand-500',
              fileError ? 'border-red-300' : 'border-slate-300',
            )}
          >
            <span className="text-sm font-medium text-slate-800">{upload.isPending ? `Uploading ${fileName ?? ''}…` : 'Choose a video file'}</span>
            <span className="text-xs text-slate-500">mp4 or webm, up to 500 MB</span>
            <input
              ref={fileInput}
              id={id}
              type="file"
              accept=".mp4,.webm,video/mp4,video/webm"
              className="sr-only"
              disabled={upload.isPending}
              aria-invalid={fileError ? true : undefined}
              aria-describedby={fileError ? `${id}-error` : undefined}
              onChange={(e) => void choose(e.target.files?.[0])}
            />
          </label>
          {upload.isPending && <UploadProgress fraction={progress} label={`Uploading ${fileName ?? 'video'}`} onCancel={cancel} />}
          {/* Always present (so screen readers hear what comes into it); takes no room while empty. */}
          <p role="status" className={notice ? 'text-xs text-slate-600' : 'sr-only'}>
            {notice}
          </p>
          {fileError && (
            <p id={`${id}-error`} role="alert" className="text-xs text-red-600">
              {fileError}
            </p>
          )}
        </div>
      )}
      {value && !error && (
        <div className="flex items-center justify-between gap-3 rounded-lg bg-slate-50 px-3 py-2 text-sm">
          <a href={value} target="_blank" rel="noopener noreferrer" className="truncate text-brand-600 underline-offset-2 hover:underline">
            {value}
          </a>
          <button
            type="button"
            onClick={() => {
              onChange('');
              onUploadResult?.(false);
            }}
            className="shrink-0 text-xs font-medium text-slate-500 hover:text-red-600">
            Remove video
          </button>
        </div>
      )}
    </div>
  );
}
