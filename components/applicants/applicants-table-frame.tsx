import { clsx } from 'clsx';

/** The grid's sort state (TanStack Table's SortingState, without importing the library). */
export type ApplicantSorting = { id: string; desc: boolean }[];

/** The grid's columns, in order: the table's headers and the stand-in shown while it loads. */
export const APPLICANT_COLUMNS = [
  { id: 'applicant', header: 'Applicant', sortable: true },
  { id: 'application_at', header: 'Applied', sortable: true },
  { id: 'match', header: 'Match', sortable: false },
  { id: 'distance', header: 'Distance', sortable: true },
  { id: 'years_of_experience', header: 'Experience', sortable: true },
  { id: 'cdl', header: 'CDL', sortable: false },
  { id: 'owner_operator', header: 'Owner-op', sortable: true },
  { id: 'tags', header: 'Tags', sortable: false },
  { id: 'stage', header: 'Stage', sortable: true },
] as const;

/*
 * One table for every width (issue 16: not a table and a card list both rendered). From `sm` up it
 * is a table whose first column (the name) and last (the stage) stay pinned while it scrolls
 * sideways. Below `sm` (640 px) each row is a card: on a 390 px phone the two pinned columns
 * covered each other and everything between them, which could not be scrolled into view. There the
 * header row is a wrapping bar of the sort buttons; the headers of columns that do not sort stay for
 * screen readers only, so each cell keeps its column header.
 */
// 56rem: every column fits beside the portal's sidebar at 1280 px (the main column is 942 px wide);
// narrower than that the table scrolls sideways under its pinned name and stage.
export const TABLE_CLASS = 'w-full text-sm max-sm:block sm:min-w-[56rem]';
export const THEAD_CLASS = 'max-sm:block sm:border-b sm:border-slate-200 sm:bg-slate-50/80';
export const HEAD_ROW_CLASS = 'max-sm:flex max-sm:flex-wrap max-sm:items-center max-sm:gap-2 max-sm:pb-3';

/** The applicant's name stays in view while the table scrolls sideways (a stage menu of an unnamed row was easy to mistake). */
const PINNED = 'sm:sticky sm:left-0 sm:z-10 sm:shadow-[1px_0_0_0_rgb(226_232_240)]';
/** The stage, the row's action, stays in view at the other edge: at 1280 px it sat behind the scroll, cut to "Inter…". */
const PINNED_END = 'sm:sticky sm:right-0 sm:z-10 sm:shadow-[-1px_0_0_0_rgb(226_232_240)]';
export type Pin = 'start' | 'end' | undefined;
const pinClass = (pin: Pin) => (pin === 'start' ? PINNED : pin === 'end' ? PINNED_END : undefined);

/** A column header: a sort button in the phone's bar, or there for screen readers only. */
export const headerCellClass = (sortable: boolean, pin?: Pin) =>
  clsx(
    'whitespace-nowrap px-3 py-3 text-left text-xs font-semibold uppercase tracking-wide text-slate-500',
    sortable ? 'max-sm:block max-sm:p-0' : 'max-sm:sr-only',
    pin && [pinClass(pin), 'sm:bg-slate-50'],
  );

/**
 * A sort button: a 40 px target on a phone (a pill of the sort bar) and on a touch screen (it was
 * 16 px tall), where the negative margin keeps the header row as tall as before.
 */
export const SORT_BUTTON_CLASS =
  'inline-flex items-center gap-1 uppercase hover:text-slate-800 pointer-coarse:min-h-10 pointer-coarse:min-w-10 sm:pointer-coarse:-my-3 max-sm:min-h-10 max-sm:rounded-full max-sm:border max-sm:border-slate-300 max-sm:bg-white max-sm:px-3';

export const TBODY_CLASS = 'max-sm:flex max-sm:flex-col max-sm:gap-3 sm:divide-y sm:divide-slate-100';
/** A row; below `sm`, a card of two columns. */
export const ROW_CLASS =
  'group align-top sm:hover:bg-slate-50/70 max-sm:grid max-sm:grid-cols-2 max-sm:gap-x-4 max-sm:gap-y-3 max-sm:rounded-2xl max-sm:border max-sm:border-slate-200 max-sm:bg-white max-sm:p-4 max-sm:shadow-sm';
/** A cell; in a card, the name, the tags and the stage take its whole width. */
export const cellClass = (pin: Pin, wide: boolean) =>
  clsx('min-w-0 max-sm:block sm:px-3 sm:py-3', wide && 'max-sm:col-span-2', pin && [pinClass(pin), 'bg-white sm:group-hover:bg-slate-50']);

/** The grid's frame with its headers, shown for the moment the table's own code loads (same size, no shift). */
export function ApplicantsTableFrame({ caption }: { caption: string }) {
  return (
    <table className={TABLE_CLASS}>
      <caption className="sr-only">{caption}</caption>
      <thead className={THEAD_CLASS}>
        <tr className={HEAD_ROW_CLASS}>
          {APPLICANT_COLUMNS.map((c, i) => (
            <th key={c.id} scope="col" className={headerCellClass(c.sortable, i === 0 ? 'start' : i === APPLICANT_COLUMNS.length - 1 ? 'end' : undefined)}>
              {/* The sort button's box, without the button: the bar keeps its height on a phone. */}
              <span className={c.sortable ? SORT_BUTTON_CLASS : undefined}>{c.header}</span>
            </th>
          ))}
        </tr>
      </thead>
    </table>
  );
}
