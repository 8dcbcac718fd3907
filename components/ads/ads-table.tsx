import Link from 'next/link';
import { AdStatusBadge, formatCtr, formatDay } from '@/components/ads/ad-status';
import { PauseResumeButton } from '@/components/ads/pause-button';
import type { AdView } from '@/lib/ads/serialize-types';

/** The list's sortable columns, in order; the page checks `?sort=` against these keys. */
export const AD_COLUMNS = [
  { key: 'name', label: 'Ad' },
  { key: 'status', label: 'Status' },
  { key: 'starts_at', label: 'Starts' },
  { key: 'ends_at', label: 'Ends' },
  { key: 'impressions', label: 'Impressions', numeric: true },
  { key: 'clicks', label: 'Clicks', numeric: true },
  { key: 'ctr', label: 'CTR', numeric: true },
] as const;

export type AdColumnKey = (typeof AD_COLUMNS)[number]['key'];
export type AdRow = Pick<AdView, 'id' | 'name' | 'advertiser' | 'status' | 'starts_at' | 'ends_at' | 'impressions' | 'clicks' | 'ctr'>;

const labelOf = (key: AdColumnKey) => AD_COLUMNS.find((c) => c.key === key)!.label;

/*
 * One table, restyled by width (as the company's job list: a table from `xl`, a card per job below).
 * From `xl` (1280 px) it is the table, which fits beside the side nav there (its actions stay pinned
 * to the right edge should a long name still make it scroll). Below `xl` each row is a card: name
 * and advertiser, the actions, then every fact under its name (a caption in the cell, hidden from
 * `xl` up where the column header names it); the header row is a bar of sort links. Between `sm`
 * and `xl` the table scrolled sideways inside its frame (762 px of columns in 460-690 px: a phone
 * held sideways, a tablet, a narrow laptop), and a long unbroken name pushed a phone's page sideways.
 * The cards keep the table's semantics: the roles are explicit because some browsers (Safari) drop
 * a table's roles once its display is changed.
 */
const ACTIONS_PINNED = 'xl:sticky xl:right-0 xl:z-10 xl:shadow-[-1px_0_0_0_rgb(226_232_240)]';
const CELL = 'min-w-0 max-xl:block xl:px-4 xl:py-3';
/** Card grid: 2 columns on a phone, 3 from `sm` (actions beside the name), 6 from `lg` (the facts on one line). */
const CARD =
  'max-xl:grid max-xl:grid-cols-2 max-xl:gap-x-4 max-xl:gap-y-3 sm:max-xl:grid-cols-3 lg:max-xl:grid-cols-6 max-xl:rounded-2xl max-xl:border max-xl:border-slate-200 max-xl:bg-white max-xl:p-4 max-xl:shadow-sm';

/** A fact's name in a card; its column header names it from `xl` up (and to a screen reader, always). */
function CardLabel({ column }: { column: AdColumnKey }) {
  return (
    <span className="block text-xs text-slate-500 xl:hidden" aria-hidden data-card-label>
      {labelOf(column)}
    </span>
  );
}

export function AdsTable({ items, sort, dir, sortHref }: { items: AdRow[]; sort: string; dir: 'asc' | 'desc'; sortHref: (key: AdColumnKey) => string }) {
  return (
    <div className="xl:relative xl:overflow-x-auto xl:rounded-xl xl:border xl:border-slate-200 xl:bg-white">
      <table role="table" className="w-full text-sm max-xl:block xl:min-w-full xl:divide-y xl:divide-slate-200">
        <caption className="sr-only">Ads</caption>
        <thead role="rowgroup" className="max-xl:block xl:bg-slate-50">
          <tr role="row" className="max-xl:flex max-xl:flex-wrap max-xl:items-center max-xl:gap-2 max-xl:pb-3">
            {AD_COLUMNS.map((c, i) => {
              const current = sort === c.key;
              return (
                <th
                  key={c.key}
                  role="columnheader"
                  scope="col"
                  aria-sort={current ? (dir === 'asc' ? 'ascending' : 'descending') : undefined}
                  className={`font-semibold text-slate-700 max-xl:flex max-xl:items-center max-xl:gap-2 xl:px-4 xl:py-3 ${'numeric' in c ? 'text-left xl:text-right' : 'text-left'}`}
                >
                  {i === 0 && (
                    <span className="text-xs font-medium text-slate-500 xl:hidden" aria-hidden>
                      Sort by
                    </span>
                  )}
                  <Link
                    href={sortHref(c.key)}
                    className={`hover:text-brand-700 max-xl:inline-flex max-xl:min-h-10 max-xl:items-center max-xl:rounded-full max-xl:border max-xl:bg-white max-xl:px-3 max-xl:text-xs ${current ? 'max-xl:border-brand-600 max-xl:text-brand-700' : 'max-xl:border-slate-300'}`}
                  >
                    {c.label}
                    {current ? (dir === 'asc' ? ' ↑' : ' ↓') : ''}
                  </Link>
                </th>
              );
            })}
            <th role="columnheader" scope="col" className={`text-right font-semibold text-slate-700 max-xl:sr-only xl:px-4 xl:py-3 ${ACTIONS_PINNED} xl:bg-slate-50`}>
              <span className="sr-only">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody role="rowgroup" className="max-xl:flex max-xl:flex-col max-xl:gap-3 xl:divide-y xl:divide-slate-100">
          {items.map((ad) => (
            <tr key={ad.id} role="row" data-ad-row={ad.id} className={CARD}>
              <td role="cell" className={`${CELL} [overflow-wrap:anywhere] max-xl:col-span-2 lg:max-xl:col-span-4 xl:min-w-48`}>
                <Link href={`/ads/manage/${ad.id}`} className="font-medium text-slate-900 hover:text-brand-700">
                  {ad.name}
                </Link>
                <p className="text-xs text-slate-500">{ad.advertiser}</p>
              </td>
              <td role="cell" className={CELL}>
                <CardLabel column="status" />
                <AdStatusBadge status={ad.status} />
              </td>
              <td role="cell" className={`${CELL} text-slate-700 xl:whitespace-nowrap`}>
                <CardLabel column="starts_at" />
                {formatDay(ad.starts_at)}
              </td>
              <td role="cell" className={`${CELL} text-slate-700 xl:whitespace-nowrap`}>
                <CardLabel column="ends_at" />
                {formatDay(ad.ends_at)}
              </td>
              <td role="cell" className={`${CELL} tabular-nums xl:text-right`} data-col="impressions">
                <CardLabel column="impressions" />
                {ad.impressions.toLocaleString('en-US')}
              </td>
              <td role="cell" className={`${CELL} tabular-nums xl:text-right`} data-col="clicks">
                <CardLabel column="clicks" />
                {ad.clicks.toLocaleString('en-US')}
              </td>
              <td role="cell" className={`${CELL} tabular-nums xl:text-right`} data-col="ctr">
                <CardLabel column="ctr" />
                {formatCtr(ad.ctr)}
              </td>
              {/* Phone: the card's last line. From sm: beside the name. From xl: the pinned last column. */}
              <td
                role="cell"
                className={`${CELL} whitespace-nowrap text-right max-xl:col-span-2 max-xl:flex max-xl:items-start max-xl:justify-end max-xl:gap-2 sm:max-xl:col-span-1 sm:max-xl:col-start-3 sm:max-xl:row-start-1 lg:max-xl:col-span-2 lg:max-xl:col-start-5 xl:bg-white ${ACTIONS_PINNED}`}
              >
                <PauseResumeButton id={ad.id} name={ad.name} status={ad.status} />
                <Link
                  href={`/ads/manage/${ad.id}`}
                  className="rounded-md px-2 py-1 text-sm font-medium text-brand-700 hover:bg-brand-50 max-xl:inline-flex max-xl:min-h-10 max-xl:items-center max-xl:px-3"
                  aria-label={`Edit ${ad.name}`}
                >
                  Edit
                </Link>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
