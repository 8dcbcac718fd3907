import { render } from '@testing-library/react';
import { RouteTabs } from '@/components/shell/route-tabs';

jest.mock('next/navigation', () => ({ usePathname: () => '/company/settings/payment' }));

const TABS = ['Account settings', 'Company settings', 'Address settings', 'Employees', 'Password', 'Billing', 'Payment'].map((label, i) => ({
  label,
  href: i === 6 ? '/company/settings/payment' : `/company/settings/t${i}`,
}));

/** jsdom has no layout: each tab 100 px wide, side by side, in a 358 px row (a phone). */
function withLayout<T>(run: () => T): T {
  const saved = ['scrollWidth', 'clientWidth', 'offsetLeft', 'offsetWidth'].map((k) => [k, Object.getOwnPropertyDescriptor(HTMLElement.prototype, k)] as const);
  const tabIndex = (el: HTMLElement) => TABS.findIndex((t) => t.label === el.textContent);
  Object.defineProperty(HTMLElement.prototype, 'scrollWidth', { configurable: true, get: () => 700 });
  Object.defineProperty(HTMLElement.prototype, 'clientWidth', { configurable: true, get: () => 358 });
  Object.defineProperty(HTMLElement.prototype, 'offsetLeft', { configurable: true, get(this: HTMLElement) { return tabIndex(this) * 100; } });
  Object.defineProperty(HTMLElement.prototype, 'offsetWidth', { configurable: true, get: () => 100 });
  try {
    return run();
  } finally {
    for (const [k, d] of saved) if (d) Object.defineProperty(HTMLElement.prototype, k, d);
  }
}

describe('RouteTabs', () => {
  it('scrolls a row wider than the screen so the current tab shows (Payment opened with the row at its start)', () => {
    withLayout(() => {
      const { getByRole } = render(<RouteTabs label="Settings sections" tabs={TABS} />);
      expect(getByRole('link', { name: 'Payment' })).toHaveAttribute('aria-current', 'page');
      // Payment at 600–700 px, centred in 358 px: 600 - (358 - 100) / 2.
      expect(getByRole('list').scrollLeft).toBe(471);
    });
  });
});
