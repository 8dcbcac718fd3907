import type { FocusEvent } from 'react';
import { clsx } from 'clsx';

/** The grid's sort state (TanStack Table's SortingState, without importing the library). */
export type ApplicantSorting = { id: string; desc: boolean }[];
/** The job whose applicants are listed, as its server page hands it over: its company is the one whose tags they take. */
export type ApplicantsJob = { id: number; title: string; companyId: number };

/**
 * The grid's columns, in order: the table's headers and the stand-in shown while it loads. The two
 * pinned columns, the applicant and their stage (the row's action), sit together at the start edge:
 * pinned there they cover nothing until the table is scrolled, and what scrolls under them has
 * been scrolled past (see SCROLLER_CLASS). Pinned at the end edge, the stage covered the columns
 * before it (Tags at 1280 px) whenever the table was wider than its box, until it was scrolled.
 */
export const APPLICANT_COLUMNS = [
  { id: 'applicant', header: 'Applicant', sortable: true, pin: 'name' },
  { id: 'stage', header: 'Stage', sortable: true, pin: 'stage' },
  { id: 'application_at', header: 'Applied', sortable: true },
  { id: 'match', header: 'Match', sortable: false },
  { id: 'distance', header: 'Distance', sortable: true },
  { id: 'years_of_experience', header: 'Experience', sortable: true },
  { id: 'cdl', header: 'CDL', sortable: false },
  { id: 'owner_operator', header: 'Owner-op', sortable: true },
  { id: 'tags', header: 'Tags', sortable: false },
] as const;

export type Pin = 'name' | 'stage' | undefined;
/** A column's pin, by its id. */
export const pinOf = (id: string): Pin => {
  const column = APPLICANT_COLUMNS.find((c) => c.id === id);
  return column && 'pin' in column ? column.pin : undefined;
};

/*
 * One table for every width (issue 16: not a table and a card list both rendered). From `sm` up it
 * is a table whose first two columns (the name and the stage) stay pinned while it scrolls
 * sideways. Below `sm` (640 px) each row is a card: on a 390 px phone pinned columns covered the
 * columns beside them. There the header row is a wrapping bar of the sort buttons; the headers of
 * columns that do not sort stay for screen readers only, so each cell keeps its column header.
 *
 * Widths: the pinned columns have fixed widths (the stage's pin starts where the name's ends, and
 * the scroller keeps focus clear of both); the other columns wrap their content (tags, the tag
 * field), so every column fits beside the portal's sidebar at 1280 px (the main column is 942 px
 * wide) with tags, the tag field open and long names or emails. Narrower than 56rem the table
 * scrolls sideways under its pinned name and stage.
 */
export const TABLE_CLASS = 'w-full text-sm max-sm:block sm:min-w-[56rem]';
export const THEAD_CLASS = 'max-sm:block sm:border-b sm:border-slate-200 sm:bg-slate-50/80';
export const HEAD_ROW_CLASS = 'max-sm:flex max-sm:flex-wrap max-sm:items-center max-sm:gap-2 max-sm:pb-3';

/*
 * The pinned columns' widths (border box: Tailwind's box-sizing) and the stage's offset: 12rem + 8rem.
 * Their content has a fixed width too (the name's 10.5rem here, the stage picker's 6.5rem in
 * applicants-table.tsx): a cell's width alone is not its minimum when the table is short of room.
 */
const PINNED_NAME = 'sm:sticky sm:left-0 sm:z-10 sm:w-48';
/** The stage, the row's action, stays in view beside the name (a stage menu of an unnamed row was easy to mistake). */
const PINNED_STAGE = 'sm:sticky sm:left-48 sm:z-10 sm:w-32 sm:shadow-[1px_0_0_0_rgb(226_232_240)]';
export const NAME_CONTENT_CLASS = 'min-w-0 sm:w-42';
const pinClass = (pin: Pin) => (pin === 'name' ? PINNED_NAME : pin === 'stage' ? PINNED_STAGE : undefined);

/**
 * The box the table scrolls in (from `sm` up; a phone's cards scroll with the page). Its scroll
 * padding is the pinned columns' 20rem and a focus ring's 0.5rem: a cell or button reached by Tab
 * (or any scroll into view) stops beside the pinned columns, not under them.
 */
export const SCROLLER_CLASS = 'sm:overflow-x-auto sm:scroll-pl-82 sm:scroll-pr-2 sm:rounded-2xl sm:border sm:border-slate-200 sm:bg-white sm:shadow-sm';

/**
 * The scroller's focus handler: the focused control scrolls fully into view beside the pinned
 * columns. Chromium's own scroll on focus ignores the scroll padding, and leaves a control alone
 * when any of it shows: a match button or a tag chip half under the pinned stage stayed there.
 * A control of a pinned column is always in view (nothing to do); below `sm` nothing scrolls sideways.
 */
export function keepFocusClearOfPins(e: FocusEvent<HTMLElement>) {
  const target = e.target;
  if (!(target instanceof HTMLElement) || target.closest('[data-pin]')) return;
  const box = e.currentTarget;
  if (box.scrollWidth <= box.clientWidth) return;
  target.scrollIntoView({ block: 'nearest', inline: 'nearest' });
}

/*
 * The columns that scroll have 8 px of padding a side: 12 px, on seven columns, took the 56 px the
 * table lacked at 1280 px with tags or the tag field in the Tags column.
 */
const padX = (pin: Pin) => (pin ? 'px-3' : 'px-2');

/** A column header: a sort button in the phone's bar, or there for screen readers only. */
export const headerCellClass = (sortable: boolean, pin?: Pin) =>
  clsx(
    padX(pin),
    'whitespace-nowrap py-3 text-left text-xs font-semibold uppercase tracking-wide text-slate-500',
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
  clsx('min-w-0 max-sm:block sm:py-3', pin ? 'sm:px-3' : 'sm:px-2', wide && 'max-sm:col-span-2', pin && [pinClass(pin), 'bg-white sm:group-hover:bg-slate-50']);

/** The grid's frame with its headers, shown for the moment the table's own code loads (same size, no shift). */
export function ApplicantsTableFrame({ caption }: { caption: string }) {
  return (
    <table className={TABLE_CLASS}>
      <caption className="sr-only">{caption}</caption>
      <thead className={THEAD_CLASS}>
        <tr className={HEAD_ROW_CLASS}>
          {APPLICANT_COLUMNS.map((c) => (
            <th key={c.id} scope="col" data-pin={pinOf(c.id)} className={headerCellClass(c.sortable, pinOf(c.id))}>
              {/* The sort button's box, without the button: the bar keeps its height on a phone. */}
              <span className={c.sortable ? SORT_BUTTON_CLASS : undefined}>{c.header}</span>
            </th>
          ))}
        </tr>
      </thead>
    </table>
  );
}
