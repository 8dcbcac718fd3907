/**
 * An upload's progress bar with its percentage (jobs spec §9), announced to screen readers, and a
 * Cancel button beside it when the upload can be cancelled (`onCancel`). The field around it
 * announces "Upload cancelled." (it stays on the page; this bar goes).
 */
export function UploadProgress({ fraction, label, onCancel }: { fraction: number; label: string; onCancel?: () => void }) {
  const percent = Math.round(Math.max(0, Math.min(1, fraction)) * 100);
  return (
    <div className="flex items-end gap-3">
      <div className="flex min-w-0 flex-1 flex-col gap-1">
        <div className="flex justify-between gap-2 text-xs text-slate-600">
          <span className="truncate">{label}</span>
          <span aria-hidden>{percent}%</span>
        </div>
        <div role="progressbar" aria-label={label} aria-valuemin={0} aria-valuemax={100} aria-valuenow={percent} aria-valuetext={`${percent}%`} className="h-2 overflow-hidden rounded-full bg-slate-200">
          <div className="h-full rounded-full bg-brand-600 transition-[width] duration-300" style={{ width: `${percent}%` }} />
        </div>
      </div>
      {onCancel && (
        <button
          type="button"
          onClick={onCancel}
          className="inline-flex min-h-10 shrink-0 items-center rounded-lg border border-slate-300 bg-white px-3 text-sm font-medium text-slate-700 transition hover:border-red-300 hover:bg-red-50 hover:text-red-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500"
        >
          Cancel<span className="sr-only"> upload</span>
        </button>
      )}
    </div>
  );
}
