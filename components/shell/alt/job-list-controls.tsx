'use client';

import { createContext, useContext, useMemo, useState } from 'react';
import { useSearchParams } from 'next/navigation';
import { SORT_OPTIONS, STATUS_OPTIONS, type JobListParams } from '@/components/jobs/list/params';

/**
 * The job list's search, status filter and sort when they live in the alternate layout's header
 * rather than above the list: the header writes here, and the list (components/jobs/list/job-list)
 * reads here instead of its own toolbar, so both layouts filter the list through the same code.
 */
export type JobListControls = {
  text: string;
  status: JobListParams['status'];
  sort: JobListParams['sort'];
  setText: (text: string) => void;
  setStatus: (status: JobListParams['status']) => void;
  setSort: (sort: JobListParams['sort']) => void;
};

const Controls = createContext<JobListControls | null>(null);

/** Null in the classic layout: the list then shows its own controls. */
export const useJobListControls = () => useContext(Controls);

/** Starts from the address (?q, ?status, ?sort), as the list's own controls do. */
export function JobListControlsProvider({ children }: { children: React.ReactNode }) {
  const search = useSearchParams();
  const [text, setText] = useState(() => (search?.get('q') ?? '').slice(0, 200));
  const [status, setStatus] = useState<JobListParams['status']>(() => STATUS_OPTIONS.find((o) => o.value === search?.get('status'))?.value ?? '');
  const [sort, setSort] = useState<JobListParams['sort']>(() => SORT_OPTIONS.find((o) => o.value === search?.get('sort'))?.value ?? 'posting_date:desc');
  const value = useMemo(() => ({ text, status, sort, setText, setStatus, setSort }), [text, status, sort]);
  return <Controls.Provider value={value}>{children}</Controls.Provider>;
}
