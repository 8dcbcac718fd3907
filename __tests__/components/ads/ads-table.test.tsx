import { render, screen, within } from '@testing-library/react';
import { AD_COLUMNS, AdsTable, type AdRow } from '@/components/ads/ads-table';

/*
 * /ads/manage on a phone (and up to 1280 px) was a table scrolling sideways inside its frame, its
 * actions pinned: a row could not be read without scrolling. Now the one table is restyled by width
 * (CSS only): below `xl` each row is a card whose cells carry their column's name. jsdom has no
 * layout, so this checks the markup the CSS works on: one table, one row per ad, every fact's
 * caption is its column header's text (hidden from assistive tech, which has the header), the
 * table's roles explicit (kept when the display changes), the actions in the row, in tab order.
 */

jest.mock('next/navigation', () => ({ useRouter: () => ({ push: jest.fn(), replace: jest.fn(), refresh: jest.fn() }) }));
jest.mock('@/components/ui/toast', () => ({ useToast: () => ({ show: jest.fn() }) }));

const ad = (id: number, name: string, over: Partial<AdRow> = {}): AdRow => ({
  id,
  name,
  advertiser: 'Open Road Fuel',
  status: 'active',
  starts_at: '2026-11-28T00:00:00.000Z',
  ends_at: null,
  impressions: 1234567,
  clicks: 89,
  ctr: 89 / 1234567,
  ...over,
});
const items = [ad(1, 'Fuel card, drivers'), ad(2, 'Winter tires', { status: 'paused', ends_at: '2026-12-31T00:00:00.000Z' })];
const draw = (sort = 'impressions', dir: 'asc' | 'desc' = 'asc') => render(<AdsTable items={items} sort={sort} dir={dir} sortHref={(k) => `/ads/manage?sort=${k}`} />);

it('is one table with one row per ad: no second copy of the list for phones', () => {
  draw();
  expect(screen.getAllByRole('table')).toHaveLength(1);
  expect(screen.getByRole('table', { name: 'Ads' })).toBeInTheDocument();
  const rows = screen.getAllByRole('row');
  expect(rows).toHaveLength(1 + items.length);
  for (const { name } of items) expect(screen.getAllByRole('link', { name })).toHaveLength(1);
  expect(document.querySelectorAll('[data-ad-row]')).toHaveLength(items.length);
});

it('gives every fact of a row the caption of its column, hidden from assistive tech and from xl up', () => {
  draw();
  const headers = screen.getAllByRole('columnheader').map((h) => within(h).queryByRole('link')?.textContent?.replace(/ [↑↓]$/, '') ?? '');
  expect(headers).toEqual([...AD_COLUMNS.map((c) => c.label), '']);
  for (const row of screen.getAllByRole('row').slice(1)) {
    const cells = within(row).getAllByRole('cell');
    expect(cells).toHaveLength(headers.length);
    // The name cell and the actions cell need no caption; each fact between them has its column's.
    cells.forEach((cell, i) => {
      const caption = cell.querySelector('[data-card-label]');
      if (i === 0 || i === cells.length - 1) return expect(caption).toBeNull();
      expect(caption).toHaveTextContent(headers[i]);
      expect(caption).toHaveAttribute('aria-hidden', 'true');
      expect(caption).toHaveClass('xl:hidden');
    });
  }
  const [first] = screen.getAllByRole('row').slice(1);
  expect(within(first).getAllByRole('cell').map((c) => c.textContent)).toEqual([
    'Fuel card, driversOpen Road Fuel',
    'StatusActive',
    'Starts11/28/2026',
    'Ends—',
    'Impressions1,234,567',
    'Clicks89',
    'CTR0.01%',
    'PauseEdit',
  ]);
});

it('is restyled by width only: a card grid below xl, the table (its roles explicit) from xl', () => {
  draw();
  const table = screen.getByRole('table');
  expect(table).toHaveAttribute('role', 'table');
  expect(table).toHaveClass('max-xl:block');
  for (const row of screen.getAllByRole('row')) expect(row).toHaveAttribute('role', 'row');
  for (const row of screen.getAllByRole('row').slice(1)) {
    expect(row).toHaveClass('max-xl:grid', 'max-xl:grid-cols-2');
    for (const cell of within(row).getAllByRole('cell')) expect(cell).toHaveAttribute('role', 'cell');
  }
  // A long unbroken name wraps instead of pushing a phone's page sideways.
  expect(within(screen.getAllByRole('row')[1]).getAllByRole('cell')[0]).toHaveClass('[overflow-wrap:anywhere]', 'min-w-0');
});

it('keeps sorting, each ad and its actions reachable by keyboard, in reading order', () => {
  draw('impressions', 'asc');
  const sorted = screen.getByRole('columnheader', { name: /Impressions/ });
  expect(sorted).toHaveAttribute('aria-sort', 'ascending');
  expect(within(sorted).getByRole('link')).toHaveTextContent('Impressions ↑');
  expect(screen.getAllByRole('columnheader').filter((h) => h.hasAttribute('aria-sort'))).toHaveLength(1);

  const focusable = [...document.querySelectorAll<HTMLElement>('a[href], button')].filter((e) => e.tabIndex >= 0 && !e.hasAttribute('disabled'));
  expect(focusable.map((e) => e.getAttribute('aria-label') ?? e.textContent)).toEqual([
    'Ad',
    'Status',
    'Starts',
    'Ends',
    'Impressions ↑',
    'Clicks',
    'CTR',
    'Fuel card, drivers',
    'Pause Fuel card, drivers',
    'Edit Fuel card, drivers',
    'Winter tires',
    'Resume Winter tires',
    'Edit Winter tires',
  ]);
  // The actions live in their row's last cell: one render, nothing pinned on top of the card.
  for (const [i, row] of screen.getAllByRole('row').slice(1).entries()) {
    const actions = within(row).getAllByRole('cell').at(-1)!;
    expect(within(actions).getByRole('button', { name: new RegExp(`^(Pause|Resume) ${items[i].name}$`) })).toBeInTheDocument();
    expect(within(actions).getByRole('link', { name: `Edit ${items[i].name}` })).toHaveAttribute('href', `/ads/manage/${items[i].id}`);
  }
});
