import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApplicantsTable } from '@/components/applicants/applicants-table';
import { ApplicantsTableFrame, SCROLLER_CLASS, keepFocusClearOfPins } from '@/components/applicants/applicants-table-frame';
import { renderWithProviders } from '../jobs/helpers';
import { applicant } from './fixtures';

jest.mock('@/lib/api/client', () => ({ ...jest.requireActual('@/lib/api/client'), api: jest.fn() }));

const JOB = { id: 7, title: 'Dry Van Driver', companyId: 42 };
const classes = (el: Element) => (el.getAttribute('class') ?? '').split(/\s+/);

function setup() {
  const onSortingChange = jest.fn();
  const onOpen = jest.fn();
  renderWithProviders(
    <ApplicantsTable
      rows={[applicant(), applicant({ userId: 22, applicationId: 12, firstName: 'Ann', lastName: 'Hauler', email: 'ann@demo.test', matchPoints: null })]}
      sorting={[{ id: 'application_at', desc: true }]}
      onSortingChange={onSortingChange}
      job={JOB}
      onOpen={onOpen}
    />,
  );
  return { onSortingChange, onOpen, rows: screen.getAllByTestId('applicant-row') };
}

describe('ApplicantsTable: a table from sm up, a card per applicant on a phone (one render)', () => {
  it('renders each applicant once, with each of its controls once', () => {
    const { rows } = setup();
    expect(rows).toHaveLength(2);
    expect(screen.getAllByRole('button', { name: 'Dan Driver' })).toHaveLength(1);
    expect(screen.getAllByRole('button', { name: '90% match: why, for Dan Driver' })).toHaveLength(1);
    expect(screen.getAllByLabelText('Stage of Dan Driver')).toHaveLength(1);
    expect(screen.getAllByRole('button', { name: 'Add a tag to Dan Driver' })).toHaveLength(1);
  });

  it('pins the name and the stage only from sm up: on a phone they covered each other and the columns between', () => {
    const { rows } = setup();
    const cells = within(rows[0]).getAllByRole('cell');
    const headers = screen.getAllByRole('columnheader');
    for (const el of [cells[0], cells[1], headers[0], headers[1]]) {
      expect(classes(el)).toContain('sm:sticky');
      expect(classes(el)).not.toContain('sticky');
    }
    // The table is only wider than the screen from sm up; below, its rows are cards.
    expect(classes(screen.getByRole('table'))).not.toContain('min-w-[56rem]');
    expect(classes(rows[0])).toEqual(expect.arrayContaining(['max-sm:grid', 'max-sm:rounded-2xl', 'max-sm:border']));
  });

  it('names every fact of a card on a phone (there is no header row there) and hides those names from sm up', () => {
    const { rows } = setup();
    const card = within(rows[0]);
    for (const label of ['Applied', 'Match', 'Distance', 'Experience', 'CDL', 'Owner-op', 'Tags', 'Stage']) {
      const name = card.getByText(label);
      expect(name).toHaveClass('sm:hidden');
      expect(name.closest('td')).toBe(card.getAllByRole('cell').find((c) => c.contains(name)));
    }
    expect(card.getByText('11/10/2026')).toBeInTheDocument();
    expect(card.getByTestId('applicant-distance')).toHaveTextContent('Less than 10 miles');
    expect(card.getByText('6 years')).toBeInTheDocument();
  });

  it('pins the name and the stage together at the start edge, fixed widths: pinned at the end, the stage covered Tags at 1280 px', () => {
    const { rows } = setup();
    const cells = within(rows[0]).getAllByRole('cell');
    const headers = screen.getAllByRole('columnheader');
    expect(cells.map((c) => c.getAttribute('data-pin'))).toEqual(['name', 'stage', null, null, null, null, null, null, null]);
    expect(headers.map((h) => h.getAttribute('data-pin'))).toEqual(['name', 'stage', null, null, null, null, null, null, null]);
    for (const el of [cells[0], headers[0]]) expect(classes(el)).toEqual(expect.arrayContaining(['sm:left-0', 'sm:w-48']));
    // The stage's pin starts where the name's 12rem ends.
    for (const el of [cells[1], headers[1]]) expect(classes(el)).toEqual(expect.arrayContaining(['sm:left-48', 'sm:w-32']));
    // Nothing is pinned at the end edge any more, and Tags (now last) scrolls with the rest.
    for (const el of [...cells, ...headers]) expect(classes(el).some((c) => /^sm:right-/.test(c))).toBe(false);
    expect(within(cells[1]).getByLabelText('Stage of Dan Driver')).toBeInTheDocument();
    expect(within(cells[8]).getByTestId('tag-chips')).toBeInTheDocument();
    expect(classes(cells[8])).not.toContain('sm:sticky');
    // The pinned columns' content has fixed widths too (a cell's width alone is not its minimum).
    expect(classes(within(cells[0]).getByTestId('applicant-contact').parentElement!)).toContain('sm:w-42');
    expect(classes(within(cells[1]).getByLabelText('Stage of Dan Driver'))).toContain('sm:w-26');
    // The scroller keeps scrolled-into-view controls clear of the pinned 20rem (and a focus ring).
    expect(SCROLLER_CLASS.split(' ')).toEqual(expect.arrayContaining(['sm:overflow-x-auto', 'sm:scroll-pl-82']));
  });

  it('lets the Tags column wrap instead of widening the table: long tags break anywhere, the tag field wraps its Add button', async () => {
    const { rows } = setup();
    const tags = within(rows[0]).getByTestId('tag-chips');
    expect(classes(tags)).toEqual(expect.arrayContaining(['flex-wrap', 'sm:min-w-24']));
    expect(classes(within(tags).getByText('Call back'))).toContain('[overflow-wrap:anywhere]');
    await userEvent.click(within(rows[0]).getByRole('button', { name: 'Add a tag to Dan Driver' }));
    const field = within(rows[0]).getByLabelText('New tag for Dan Driver');
    expect(classes(field.closest('form')!)).toContain('flex-wrap');
    expect(classes(field)).toContain('sm:w-24');
    // The name wraps rather than widening its fixed, pinned column.
    expect(classes(within(rows[0]).getByRole('button', { name: 'Dan Driver' }))).toContain('[overflow-wrap:anywhere]');
  });

  it('puts the email and the whole phone number on lines of their own (one line pushed Tags behind Stage at 1280 px)', () => {
    const { rows } = setup();
    const contact = within(rows[0]).getByTestId('applicant-contact');
    const [email, phone] = Array.from(contact.children);
    expect(email).toHaveTextContent(/^driver@demo\.test$/);
    expect(phone).toHaveTextContent(/^\(214\)555-0123$/);
    // Each a line; only the email is cut, and only in the table (a card wraps it), with the whole address as its title.
    expect(classes(email)).toEqual(expect.arrayContaining(['block', 'sm:truncate']));
    expect(classes(email)).not.toContain('truncate');
    expect(email).toHaveAttribute('title', 'driver@demo.test');
    expect(classes(phone)).toEqual(expect.arrayContaining(['block', 'whitespace-nowrap']));
    expect(classes(phone)).not.toContain('sm:truncate');
  });

  it('keeps every column header for screen readers, sort buttons as a bar on a phone, 40 px tap targets', async () => {
    const { rows, onSortingChange } = setup();
    const headers = screen.getAllByRole('columnheader');
    expect(headers.map((h) => h.textContent?.replace(/[▲▼↕]/g, ''))).toEqual(['Applicant', 'Stage', 'Applied', 'Match', 'Distance', 'Experience', 'CDL', 'Owner-op', 'Tags']);
    // Columns without a sort are read, not shown, on a phone.
    expect(classes(headers[3])).toContain('max-sm:sr-only');
    const sorts = screen.getAllByRole('button', { name: /^(Applicant|Applied|Distance|Experience|Owner-op|Stage)/ });
    expect(sorts).toHaveLength(6);
    for (const b of sorts) expect(classes(b)).toEqual(expect.arrayContaining(['max-sm:min-h-10', 'pointer-coarse:min-h-10']));
    await userEvent.click(screen.getByRole('button', { name: /^Distance/ }));
    expect(onSortingChange).toHaveBeenCalled();
    const card = within(rows[0]);
    expect(classes(card.getByRole('button', { name: 'Dan Driver' }))).toContain('max-sm:min-h-10');
    expect(classes(card.getByRole('button', { name: '90% match: why, for Dan Driver' }))).toEqual(expect.arrayContaining(['max-sm:min-h-10', 'max-sm:min-w-10']));
    expect(classes(card.getByLabelText('Stage of Dan Driver'))).toEqual(expect.arrayContaining(['h-10', 'sm:h-8', 'max-sm:w-full']));
    expect(classes(card.getByRole('button', { name: 'Add a tag to Dan Driver' }))).toContain('min-h-10');
    expect(classes(card.getByRole('button', { name: 'Remove tag Call back from Dan Driver' }))).toContain('max-sm:min-h-10');
  });

  it('the match button opens the applicant; a row without a match says n/a', async () => {
    const { rows, onOpen } = setup();
    await userEvent.click(within(rows[0]).getByRole('button', { name: '90% match: why, for Dan Driver' }));
    expect(onOpen).toHaveBeenCalledWith(21);
    expect(within(rows[1]).getByText('n/a')).toBeInTheDocument();
  });

  it('the stage picker shows the buttons\' 2 px focus ring, not a 1 px border colour', () => {
    const { rows } = setup();
    const stage = within(rows[0]).getByLabelText('Stage of Dan Driver');
    expect(stage).toHaveClass('focus-visible:outline-2', 'focus-visible:outline-brand-500');
    expect(classes(stage)).not.toContain('focus:outline-none');
  });
});

describe('ApplicantsTableFrame (while the table loads)', () => {
  it('has the same header cells as the table, pinned only from sm up', () => {
    renderWithProviders(<ApplicantsTableFrame caption="Applicants" />);
    const headers = screen.getAllByRole('columnheader');
    expect(headers).toHaveLength(9);
    expect(headers.map((h) => h.textContent)).toEqual(['Applicant', 'Stage', 'Applied', 'Match', 'Distance', 'Experience', 'CDL', 'Owner-op', 'Tags']);
    expect(headers.map((h) => h.getAttribute('data-pin'))).toEqual(['name', 'stage', null, null, null, null, null, null, null]);
    expect(classes(headers[0])).toContain('sm:sticky');
    expect(classes(headers[1])).toEqual(expect.arrayContaining(['sm:sticky', 'sm:left-48']));
    expect(classes(screen.getByRole('table'))).toContain('sm:min-w-[56rem]');
  });
});

describe('keepFocusClearOfPins (the scroller\'s focus handler)', () => {
  /** A scroller holding one pinned and one scrolling button; `overflows`: the table is wider than the box. */
  function scroller(overflows: boolean) {
    const box = document.createElement('div');
    box.innerHTML = '<table><tbody><tr><td data-pin="name"><button>Dan Driver</button></td><td><button>90%</button></td></tr></tbody></table>';
    document.body.append(box);
    Object.defineProperty(box, 'clientWidth', { value: 600 });
    Object.defineProperty(box, 'scrollWidth', { value: overflows ? 900 : 600 });
    const [pinned, scrolling] = Array.from(box.querySelectorAll('button'));
    for (const b of [pinned, scrolling]) b.scrollIntoView = jest.fn();
    const focus = (target: HTMLElement) => keepFocusClearOfPins({ target, currentTarget: box } as unknown as React.FocusEvent<HTMLElement>);
    return { box, pinned, scrolling, focus };
  }

  it('scrolls a focused control of a scrolling column fully into view, honouring the scroll padding (Chromium\'s focus scroll does not)', () => {
    const { box, scrolling, focus } = scroller(true);
    focus(scrolling);
    expect(scrolling.scrollIntoView).toHaveBeenCalledWith({ block: 'nearest', inline: 'nearest' });
    box.remove();
  });

  it('leaves controls of the pinned columns, and a table that fits its box, alone', () => {
    const a = scroller(true);
    a.focus(a.pinned);
    expect(a.pinned.scrollIntoView).not.toHaveBeenCalled();
    a.box.remove();
    const b = scroller(false);
    b.focus(b.scrolling);
    expect(b.scrolling.scrollIntoView).not.toHaveBeenCalled();
    b.box.remove();
  });
});
