import { act, fireEvent, render } from '@testing-library/react';
import { RouteTabs } from '@/components/shell/route-tabs';

let mockPath = '/company/settings/payment';
jest.mock('next/navigation', () => ({ usePathname: () => mockPath }));

const TABS = ['Account settings', 'Company settings', 'Address settings', 'Employees', 'Password', 'Billing', 'Payment'].map((label, i) => ({
  label,
  href: i === 6 ? '/company/settings/payment' : `/company/settings/t${i}`,
}));

/** jsdom has no layout: each tab `tab` px wide, side by side, in a 358 px row (a phone). */
function withLayout<T>(run: () => T, tab = 100): T {
  const saved = ['scrollWidth', 'clientWidth', 'offsetLeft', 'offsetWidth'].map((k) => [k, Object.getOwnPropertyDescriptor(HTMLElement.prototype, k)] as const);
  const tabIndex = (el: HTMLElement) => TABS.findIndex((t) => t.label === el.textContent);
  Object.defineProperty(HTMLElement.prototype, 'scrollWidth', { configurable: true, get: () => 7 * tab });
  Object.defineProperty(HTMLElement.prototype, 'clientWidth', { configurable: true, get: () => 358 });
  Object.defineProperty(HTMLElement.prototype, 'offsetLeft', { configurable: true, get(this: HTMLElement) { return tabIndex(this) * tab; } });
  Object.defineProperty(HTMLElement.prototype, 'offsetWidth', { configurable: true, get: () => tab });
  try {
    return run();
  } finally {
    // scrollWidth and clientWidth are Element's: without a descriptor of HTMLElement's own, remove the stand-in.
    for (const [k, d] of saved) if (d) Object.defineProperty(HTMLElement.prototype, k, d);
    else delete (HTMLElement.prototype as unknown as Record<string, unknown>)[k];
  }
}

beforeEach(() => {
  mockPath = '/company/settings/payment';
});

describe('RouteTabs', () => {
  it('scrolls a row wider than the screen so the current tab shows (Payment opened with the row at its start)', () => {
    withLayout(() => {
      const { getByRole } = render(<RouteTabs label="Settings sections" tabs={TABS} />);
      expect(getByRole('link', { name: 'Payment' })).toHaveAttribute('aria-current', 'page');
      // Payment at 600–700 px, centred in 358 px: 600 - (358 - 100) / 2.
      expect(getByRole('list').scrollLeft).toBe(471);
    });
  });

  it('never leaves the start of the current tab under the fade, even when it cannot be centred', () => {
    mockPath = '/company/settings/t2';
    withLayout(() => {
      const { getByRole } = render(<RouteTabs label="Settings sections" tabs={TABS} />);
      // Address settings at 640–960 px, wider than the row less its fades: its start 32 px in.
      expect(getByRole('list').scrollLeft).toBe(640 - 32);
    }, 320);
  });

  it('fades the edges with more tabs beyond them, and follows the scroll', () => {
    mockPath = '/company/settings/t0';
    withLayout(() => {
      const { getByRole } = render(<RouteTabs label="Settings sections" tabs={TABS} />);
      const row = getByRole('list');
      // At its start: more to the end only.
      expect(row.scrollLeft).toBe(0);
      expect(row).not.toHaveAttribute('data-more-start');
      expect(row).toHaveAttribute('data-more-end', 'true');
      expect(row.style.maskImage).toBe('linear-gradient(to right, #000, #000 calc(100% - 32px), transparent)');
      // In the middle: both edges.
      row.scrollLeft = 100;
      act(() => void fireEvent.scroll(row));
      expect(row).toHaveAttribute('data-more-start', 'true');
      expect(row).toHaveAttribute('data-more-end', 'true');
      // At its end (700 - 358): more to the start only.
      row.scrollLeft = 342;
      act(() => void fireEvent.scroll(row));
      expect(row).toHaveAttribute('data-more-start', 'true');
      expect(row).not.toHaveAttribute('data-more-end');
      expect(row.style.maskImage).toBe('linear-gradient(to right, transparent, #000 32px, #000)');
    });
  });

  it('no fade when the tabs fit (wider screens wrap them)', () => {
    const { getByRole } = render(<RouteTabs label="Settings sections" tabs={TABS} />);
    const row = getByRole('list');
    expect(row).not.toHaveAttribute('data-more-start');
    expect(row).not.toHaveAttribute('data-more-end');
    expect(row.style.maskImage).toBe('');
  });
});
