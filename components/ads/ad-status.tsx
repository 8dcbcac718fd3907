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

/**
 * An ad's start or end day, MM/DD/YYYY as every grid writes dates, in UTC: the ad form takes a day
 * as 00:00 UTC (components/ads/ad-form.tsx), so the grid shows the day that was typed. Made once, not per row.
 */
const ADS_DAY = new Intl.DateTimeFormat('en-US', { month: '2-digit', day: '2-digit', year: 'numeric', timeZone: 'UTC' });
export const formatDay = (iso: string | null) => (iso ? ADS_DAY.format(new Date(iso)) : '—');
export const formatCtr = (ctr: number) => `${(ctr * 100).toFixed(2)}%`;
