/** The grid's sort state (TanStack Table's SortingState, without importing the library). */
export type ApplicantSorting = { id: string; desc: boolean }[];

/** The grid's columns, in order: the table's headers and the stand-in shown while it loads. */
export const APPLICANT_COLUMNS = [
  { id: 'applicant', header: 'Applicant' },
  { id: 'application_at', header: 'Applied' },
  { id: 'match', header: 'Match' },
  { id: 'distance', header: 'Distance' },
  { id: 'years_of_experience', header: 'Experience' },
  { id: 'cdl', header: 'CDL' },
  { id: 'owner_operator', header: 'Owner-op' },
  { id: 'tags', header: 'Tags' },
  { id: 'stage', header: 'Stage' },
] as const;

export const TABLE_CLASS = 'w-full min-w-[60rem] text-sm';
export const HEADER_CELL_CLASS = 'whitespace-nowrap px-3 py-3 text-left text-xs font-semibold uppercase tracking-wide text-slate-500';

/** The grid's frame with its headers, shown for the moment the table's own code loads (same size, no shift). */
export function ApplicantsTableFrame({ caption }: { caption: string }) {
  return (
    <table className={TABLE_CLASS}>
      <caption className="sr-only">{caption}</caption>
      <thead className="border-b border-slate-200 bg-slate-50/80">
        <tr>
          {APPLICANT_COLUMNS.map((c) => (
            <th key={c.id} scope="col" className={HEADER_CELL_CLASS}>
              {c.header}
            </th>
          ))}
        </tr>
      </thead>
    </table>
  );
}
