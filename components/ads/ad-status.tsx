import { clsx } from 'clsx';
import { AD_STATUSES, labelFor } from '@/lib/ads/codes';

const STYLES: Record<string, string> = {
  active: 'bg-emerald-50 text-emerald-700 ring-emerald-600/20',
  paused: 'bg-amber-50 text-amber-800 ring-amber-600/20',
  draft: 'bg-slate-100 text-slate-600 ring-slate-500/15',
  ended: 'bg-slate-100 text-slate-600 ring-slate-500/15',
};

export function AdStatusBadge({ status }: { status: string }) {
  return (
    <span className={clsx('inline-flex items-center gap-1.5 rounded-full px-2.5 py-0.5 text-xs font-medium ring-1 ring-inset', STYLES[status] ?? STYLES.draft)} data-status={status}>
      <span aria-hidden className="size-1.5 rounded-full bg-current" />
      {labelFor(AD_STATUSES, status)}
    </span>
  );
}

export const formatDay = (iso: string | null) => (iso ? new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' }).format(new Date(iso)) : '—');
export const formatCtr = (ctr: number) => `${(ctr * 100).toFixed(2)}%`;
