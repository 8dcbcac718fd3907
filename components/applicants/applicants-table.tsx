'use client';

import { useMemo } from 'react';
import { rowSortingFeature, tableFeatures, useTable, type ColumnDef } from '@tanstack/react-table';
import type { Applicant } from '@/lib/applications/serialize';
import { formatDate } from '@/components/jobs/format';
import { StageSelect } from './stage-select';
import { TagChips } from './tag-chips';
import {
  APPLICANT_COLUMNS,
  HEAD_ROW_CLASS,
  ROW_CLASS,
  SORT_BUTTON_CLASS,
  TABLE_CLASS,
  TBODY_CLASS,
  THEAD_CLASS,
  NAME_CONTENT_CLASS,
  cellClass,
  headerCellClass,
  pinOf,
  type ApplicantSorting,
  type ApplicantsJob,
} from './applicants-table-frame';
import { phoneText } from '@/lib/auth/phone';

const features = tableFeatures({ rowSortingFeature });

const HEADER = Object.fromEntries(APPLICANT_COLUMNS.map((c) => [c.id, c.header])) as Record<(typeof APPLICANT_COLUMNS)[number]['id'], string>;

/** Columns that take a card's whole width on a phone. */
const WIDE = new Set(['applicant', 'tags', 'stage']);

const years = (y: number | 'n/a') => (y === 'n/a' ? y : `${y} ${y === 1 ? 'year' : 'years'}`);

type Props = {
  rows: Applicant[];
  sorting: ApplicantSorting;
  onSortingChange: (next: ApplicantSorting | ((old: ApplicantSorting) => ApplicantSorting)) => void;
  job: ApplicantsJob;
  /** Opens an applicant's panel. */
  onOpen: (applicantId: number) => void;
};

/**
 * The applicants grid (TanStack Table): sortable headers (the sort runs on the server), tag chips and
 * the stage of each applicant. A table from `sm` up, a card per applicant below (one render, CSS
 * only: applicants-table-frame.tsx). Its own chunk, loaded beside the first search (applicants-screen.tsx).
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
          <div className={NAME_CONTENT_CLASS}>
            {/* 40 px tall on a phone, a finger's target. A long name wraps: the pinned column's width is fixed. */}
            <button type="button" className="text-left font-semibold text-slate-900 [overflow-wrap:anywhere] hover:text-brand-700 hover:underline max-sm:min-h-10" onClick={() => onOpen(a.id)} data-opens-applicant={a.id}>
              {a.firstName} {a.lastName}
            </button>
            {/*
              The email and the whole phone number each on a line of their own: on one line with a
              " · " the column took 280 px; cut on a phone it showed "(214)55". A long email is cut
              at the pinned column's width in the table and wraps on a card.
            */}
            <p className="text-xs text-slate-500" data-testid="applicant-contact">
              <span className="block sm:truncate max-sm:[overflow-wrap:anywhere]" title={a.email}>{a.email}</span>
              <span className="block whitespace-nowrap">{phoneText(a.phone)}</span>
            </p>
          </div>
        ),
      },
      {
        id: 'stage',
        header: HEADER.stage,
        accessorFn: (a) => a.stage,
        cell: ({ row: { original: a } }) => <StageSelect jobId={job.id} applicantId={a.id} name={`${a.firstName} ${a.lastName}`} stage={a.stage} className="max-sm:w-full sm:w-26" />,
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
            <button type="button" className="inline-flex items-center font-semibold text-brand-700 hover:underline max-sm:min-h-10 max-sm:min-w-10" onClick={() => onOpen(a.id)} aria-label={`${a.matchPercent}% match: why, for ${a.firstName} ${a.lastName}`}>
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
        // A tag wraps anywhere (tag-chips.tsx); 6rem keeps a word such as "endorsed" on a line, as wide as the tag field.
        cell: ({ row: { original: a } }) => <TagChips jobId={job.id} companyId={job.companyId} applicantId={a.id} name={`${a.firstName} ${a.lastName}`} tags={a.tags} className="sm:min-w-24" />,
      },
    ],
    [job.id, job.companyId, onOpen],
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
      <thead className={THEAD_CLASS}>
        {table.getHeaderGroups().map((group) => (
          <tr key={group.id} className={HEAD_ROW_CLASS}>
            {group.headers.map((header) => {
              const sorted = header.column.getIsSorted();
              const label = <table.FlexRender header={header} />;
              return (
                <th
                  key={header.id}
                  scope="col"
                  data-pin={pinOf(header.column.id)}
                  aria-sort={sorted === 'asc' ? 'ascending' : sorted === 'desc' ? 'descending' : undefined}
                  className={headerCellClass(header.column.getCanSort(), pinOf(header.column.id))}
                >
                  {header.column.getCanSort() ? (
                    <button type="button" className={SORT_BUTTON_CLASS} onClick={header.column.getToggleSortingHandler()}>
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
      <tbody className={TBODY_CLASS}>
        {table.getRowModel().rows.map((row) => (
          <tr key={row.id} data-testid="applicant-row" className={ROW_CLASS}>
            {row.getAllCells().map((cell) => (
              <td key={cell.id} data-pin={pinOf(cell.column.id)} className={cellClass(pinOf(cell.column.id), WIDE.has(cell.column.id))}>
                {/* A card has no header row: each fact carries its column's name. */}
                {cell.column.id !== 'applicant' && (
                  <span className="mb-1 block text-xs text-slate-500 sm:hidden">
                    {HEADER[cell.column.id as keyof typeof HEADER]}
                  </span>
                )}
                <table.FlexRender cell={cell} />
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
