'use client';

import { clsx } from 'clsx';
import { useId, useRef, useState } from 'react';
import { LOGO_BAD_TYPE, LOGO_MAX_BYTES, LOGO_MAX_SIDE, LOGO_TOO_LARGE, LOGO_TYPES } from '@/lib/companies/logo-rules';

export type PickedLogo = { dataUrl: string; fileName: string; width: number; height: number; size: number };

const ACCEPT = LOGO_TYPES.map((t) => `image/${t}`).join(',');

/** Scales the image in the browser to fit 700×700 so the step survives a reload in local storage. */
async function shrink(file: File): Promise<PickedLogo> {
  const bitmap = await createImageBitmap(file);
  const scale = Math.min(1, LOGO_MAX_SIDE / Math.max(bitmap.width, bitmap.height));
  const width = Math.max(1, Math.round(bitmap.width * scale));
  const height = Math.max(1, Math.round(bitmap.height * scale));
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  canvas.getContext('2d')!.drawImage(bitmap, 0, 0, width, height);
  bitmap.close();
  let dataUrl = canvas.toDataURL('image/webp', 0.9);
  if (!dataUrl.startsWith('data:image/webp')) dataUrl = canvas.toDataURL('image/png');
  return { dataUrl, fileName: file.name, width, height, size: file.size };
}

/** Optional company logo: click or drop an image; a preview with Replace and Remove. */
export function LogoPicker({ value, fileName, onChange }: { value: string | null; fileName?: string; onChange: (logo: PickedLogo | null) => void }) {
  const input = useRef<HTMLInputElement>(null);
  const id = useId();
  const [error, setError] = useState<string | null>(null);
  const [dragging, setDragging] = useState(false);
  const [reading, setReading] = useState(false);

  const take = async (file: File | undefined) => {
    if (!file) return;
    setError(null);
    if (!ACCEPT.split(',').includes(file.type)) return setError(LOGO_BAD_TYPE);
    if (file.size > LOGO_MAX_BYTES) return setError(LOGO_TOO_LARGE);
    setReading(true);
    try {
      onChange(await shrink(file));
    } catch {
      setError(LOGO_BAD_TYPE);
    } finally {
      setReading(false);
      if (input.current) input.current.value = '';
    }
  };

  return (
    <div className="flex flex-col gap-1.5">
      <span id={`${id}-label`} className="text-sm font-medium text-slate-700">
        Company logo <span className="font-normal text-slate-500">(optional)</span>
      </span>
      <input
        ref={input}
        id={`${id}-file`}
        type="file"
        accept={ACCEPT}
        className="hidden"
        aria-labelledby={`${id}-label`}
        aria-describedby={`${id}-help`}
        onChange={(e) => void take(e.target.files?.[0])}
        data-testid="logo-input"
      />
      {value ? (
        <div className="flex flex-col gap-3 rounded-xl border border-slate-200 p-3 sm:flex-row sm:items-center">
          <div className="flex h-[5.5rem] w-full items-center justify-center rounded-lg bg-[repeating-conic-gradient(#f1f5f9_0_25%,#fff_0_50%)] bg-[length:16px_16px] p-2 sm:w-56">
            {/* eslint-disable-next-line @next/next/no-img-element -- a local data URL preview */}
            <img src={value} alt="Company logo preview" className="max-h-full max-w-full object-contain" />
          </div>
          <div className="flex min-w-0 flex-1 flex-col gap-2">
            <p className="truncate text-sm text-slate-600">{fileName || 'Logo'}</p>
            <div className="flex gap-2">
              <button type="button" onClick={() => input.current?.click()} className="rounded-lg border border-slate-300 px-3 py-1.5 text-sm font-medium text-slate-700 hover:bg-slate-50">
                Replace
              </button>
              <button type="button" onClick={() => onChange(null)} className="rounded-lg px-3 py-1.5 text-sm font-medium text-red-600 hover:bg-red-50">
                Remove
              </button>
            </div>
          </div>
        </div>
      ) : (
        <button
          type="button"
          onClick={() => input.current?.click()}
          onDragOver={(e) => {
            e.preventDefault();
            setDragging(true);
          }}
          onDragLeave={() => setDragging(false)}
          onDrop={(e) => {
            e.preventDefault();
            setDragging(false);
            void take(e.dataTransfer.files?.[0]);
          }}
          aria-labelledby={`${id}-label`}
          aria-describedby={`${id}-help`}
          className={clsx(
            'flex flex-col items-center gap-2 rounded-xl border-2 border-dashed px-4 py-6 text-center transition',
            dragging ? 'border-brand-500 bg-brand-50' : 'border-slate-300 hover:border-brand-400 hover:bg-slate-50',
          )}
        >
          <span className="flex size-10 items-center justify-center rounded-full bg-brand-50 text-brand-600">
            {reading ? (
              <span className="size-4 animate-spin rounded-full border-2 border-current border-t-transparent" aria-hidden />
            ) : (
              <svg viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={1.5} className="size-5" aria-hidden>
                <path strokeLinecap="round" strokeLinejoin="round" d="M3 16.5v2.25A2.25 2.25 0 0 0 5.25 21h13.5A2.25 2.25 0 0 0 21 18.75V16.5m-13.5-9L12 3m0 0 4.5 4.5M12 3v13.5" />
              </svg>
            )}
          </span>
          <span className="text-sm font-semibold text-brand-700">Upload your logo</span>
          <span className="text-xs text-slate-500">or drag and drop it here</span>
        </button>
      )}
      {error ? (
        <p role="alert" className="text-xs text-red-600">
          {error}
        </p>
      ) : (
        <p id={`${id}-help`} className="text-xs text-slate-500">
          PNG, JPEG, WebP or GIF, up to 5 MB. Drivers see it next to your jobs.
        </p>
      )}
    </div>
  );
}
