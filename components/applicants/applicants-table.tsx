'use client';

import { useMemo } from 'react';
import { rowSortingFeature, tableFeatures, useTable, type ColumnDef } from '@tanstack/react-table';
import type { Applicant } from '@/lib/applications/serialize';
import { formatDate } from '@/components/jobs/format';
import { StageSelect } from './stage-select';
import { TagChips } from './tag-chips';
import { APPLICANT_COLUMNS, HEADER_CELL_CLASS, TABLE_CLASS, type ApplicantSorting } from './applicants-table-frame';
import { phoneText } from '@/lib/auth/phone';

/**
 * The applicant's name stays in view while the table scrolls sideways on a phone: scrolled to the
 * stage column, four unnamed stage menus made it easy to change the wrong driver's stage.
 */
const PINNED = 'sticky left-0 z-10 shadow-[1px_0_0_0_rgb(226_232_240)]';
/** The stage, the row's action, stays in view at the other edge: at 1280 px it sat behind the scroll, cut to "Inter…". */
const PINNED_END = 'sticky right-0 z-10 shadow-[-1px_0_0_0_rgb(226_232_240)]';

const features = tableFeatures({ rowSortingFeature });

const HEADER = Object.fromEntries(APPLICANT_COLUMNS.map((c) => [c.id, c.header])) as Record<(typeof APPLICANT_COLUMNS)[number]['id'], string>;

const years = (y: number | 'n/a') => (y === 'n/a' ? y : `${y} ${y === 1 ? 'year' : 'years'}`);

type Props = {
  rows: Applicant[];
  sorting: ApplicantSorting;
  onSortingChange: (next: ApplicantSorting | ((old: ApplicantSorting) => ApplicantSorting)) => void;
  job: { id: number; title: string };
  /** Opens an applicant's panel. */
  onOpen: (applicantId: number) => void;
};

/**
 * The applicants grid (TanStack Table): sortable headers (the sort runs on the server), tag chips and
 * the stage of each applicant. Its own chunk, loaded beside the first search (applicants-screen.tsx).
 */
export function ApplicantsTable({ rows, sorting, onSortingChange, job, onOpen }: Props) {
  const columns = useMemo<ColumnDef<typeof features, Applicant>[]>(
    () => [
      {
        id: 'applicant',
        header: HEADER.applicant,
        // An accessor makes the column sortable; the rows themselves come sorted from the server.
        accessorFn: (a) => `${a.lastName} ${a.firstName}`,
        cell: ({ row: { original: a } }) => (
          <div className="min-w-0">
            <button type="button" className="font-semibold text-slate-900 hover:text-brand-700 hover:underline" onClick={() => onOpen(a.id)} data-opens-applicant={a.id}>
              {a.firstName} {a.lastName}
            </button>
            <p className="truncate text-xs text-slate-500">
              {a.email} · {phoneText(a.phone)}
            </p>
          </div>
        ),
      },
      { id: 'application_at', header: HEADER.application_at, accessorFn: (a) => a.applicationAt, sortDescFirst: true, cell: ({ row }) => formatDate(row.original.applicationAt) },
      {
        id: 'match',
        header: HEADER.match,
        enableSorting: false,
        cell: ({ row: { original: a } }) =>
          a.matchPercent == null ? (
            <span className="text-slate-500">n/a</span>
          ) : (
            <button type="button" className="font-semibold text-brand-700 hover:underline" onClick={() => onOpen(a.id)} aria-label={`${a.matchPercent}% match: why, for ${a.firstName} ${a.lastName}`}>
              {a.matchPercent}%
            </button>
          ),
      },
      { id: 'distance', header: HEADER.distance, accessorFn: (a) => a.distanceMiles, cell: ({ row }) => <span data-testid="applicant-distance">{row.original.distance}</span> },
      { id: 'years_of_experience', header: HEADER.years_of_experience, accessorFn: (a) => a.yearsOfExperience, sortDescFirst: true, cell: ({ row }) => years(row.original.yearsOfExperience) },
      { id: 'cdl', header: HEADER.cdl, enableSorting: false, cell: ({ row }) => row.original.cdlStatus },
      { id: 'owner_operator', header: HEADER.owner_operator, accessorFn: (a) => a.ownerOperator, cell: ({ row }) => row.original.ownerOperator },
      {
        id: 'tags',
        header: HEADER.tags,
        enableSorting: false,
        cell: ({ row: { original: a } }) => <TagChips jobId={job.id} applicantId={a.id} name={`${a.firstName} ${a.lastName}`} tags={a.tags} />,
      },
      {
        id: 'stage',
        header: HEADER.stage,
        accessorFn: (a) => a.stage,
        cell: ({ row: { original: a } }) => <StageSelect jobId={job.id} applicantId={a.id} name={`${a.firstName} ${a.lastName}`} stage={a.stage} />,
      },
    ],
    [job.id, onOpen],
  );

  const table = useTable({
    features,
    columns,
    data: rows,
    getRowId: (row) => String(row.id),
    state: { sorting },
    onSortingChange,
    manualSorting: true,
    enableMultiSort: false,
  });

  return (
    <table className={TABLE_CLASS}>
      <caption className="sr-only">Applicants of {job.title}</caption>
      <thead className="border-b border-slate-200 bg-slate-50/80">
        {table.getHeaderGroups().map((group) => (
          <tr key={group.id}>
            {group.headers.map((header, i) => {
              const sorted = header.column.getIsSorted();
              const label = <table.FlexRender header={header} />;
              return (
                <th
                  key={header.id}
                  scope="col"
                  aria-sort={sorted === 'asc' ? 'ascending' : sorted === 'desc' ? 'descending' : undefined}
                  className={i === 0 ? `${HEADER_CELL_CLASS} ${PINNED} bg-slate-50` : i === group.headers.length - 1 ? `${HEADER_CELL_CLASS} ${PINNED_END} bg-slate-50` : HEADER_CELL_CLASS}
                >
                  {header.column.getCanSort() ? (
                    <button type="button" className="inline-flex items-center gap-1 uppercase hover:text-slate-800" onClick={header.column.getToggleSortingHandler()}>
                      {label}
                      <span aria-hidden>{sorted === 'asc' ? '▲' : sorted === 'desc' ? '▼' : '↕'}</span>
                    </button>
                  ) : (
                    label
                  )}
                </th>
              );
            })}
          </tr>
        ))}
      </thead>
      <tbody className="divide-y divide-slate-100">
        {table.getRowModel().rows.map((row) => (
          <tr key={row.id} data-testid="applicant-row" className="group align-top hover:bg-slate-50/70">
            {row.getAllCells().map((cell, i, cells) => (
              <td
                key={cell.id}
                className={i === 0 ? `px-3 py-3 ${PINNED} bg-white group-hover:bg-slate-50` : i === cells.length - 1 ? `px-3 py-3 ${PINNED_END} bg-white group-hover:bg-slate-50` : 'px-3 py-3'}
              >
                <table.FlexRender cell={cell} />
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
