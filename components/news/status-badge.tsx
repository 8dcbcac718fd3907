import { clsx } from 'clsx';
import type { PostStatus } from '@/lib/news/schemas';

const STYLES: Record<PostStatus, string> = {
  POSTED: 'bg-green-50 text-green-700 ring-green-200',
  SCHEDULED: 'bg-blue-50 text-blue-700 ring-blue-200',
  Cancelled: 'bg-red-50 text-red-700 ring-red-200',
  Inactive: 'bg-slate-100 text-slate-600 ring-slate-200',
};
const LABELS: Record<PostStatus, string> = { POSTED: 'Posted', SCHEDULED: 'Scheduled', Cancelled: 'Cancelled', Inactive: 'Inactive' };

export function StatusBadge({ status }: { status: PostStatus }) {
  return <span className={clsx('rounded-full px-2 py-0.5 text-xs font-medium ring-1', STYLES[status])}>{LABELS[status]}</span>;
}
