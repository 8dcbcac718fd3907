'use client';

import { Button } from '@/components/ui/button';
import { Alert, EmptyState, Spinner } from '@/components/ui/states';
import { errorMessage } from '@/lib/api/client';
import { hasNextPage, totalLabel } from '@/lib/paging/total';

/** Loading, failed or empty list of orders; null when there are rows to show. */
export function ListStatus({ query, loadingLabel, emptyTitle, emptyText, count }: { query: { isPending: boolean; isError: boolean; error: unknown }; loadingLabel: string; emptyTitle: string; emptyText: string; count: number }) {
  if (query.isPending) {
    return (
      <div className="flex min-h-48 items-center justify-center">
        <Spinner size="large" label={loadingLabel} />
      </div>
    );
  }
  if (query.isError) {
    return (
      <div className="p-5">
        <Alert type="error">{errorMessage(query.error)}</Alert>
      </div>
    );
  }
  if (count === 0) {
    return (
      <div className="p-5">
        <EmptyState title={emptyTitle}>{emptyText}</EmptyState>
      </div>
    );
  }
  return null;
}

/** "1–10 of 42" with Previous and Next. */
type PagerProps = { offset: number; pageSize: number; total: number; totalIsLowerBound?: boolean; onOffset: (offset: number) => void };

export function Pager({ offset, pageSize, total, totalIsLowerBound = false, onOffset }: PagerProps) {
  return (
    <div className="flex items-center justify-between border-t border-slate-200 px-5 py-3 text-sm text-slate-600">
      <span>
        {offset + 1}–{Math.min(offset + pageSize, total)} of {totalLabel(total, totalIsLowerBound)}
      </span>
      <div className="flex gap-2">
        <Button variant="secondary" className="px-3 py-1.5" disabled={offset === 0} onClick={() => onOffset(Math.max(0, offset - pageSize))}>
          Previous
        </Button>
        <Button variant="secondary" className="px-3 py-1.5" disabled={!hasNextPage(offset, pageSize, total, totalIsLowerBound)} onClick={() => onOffset(offset + pageSize)}>
          Next
        </Button>
      </div>
    </div>
  );
}
