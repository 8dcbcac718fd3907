/**
 * /members/jobs: an empty search shows "No jobs match your search" with no sponsored card above it
 * (the ad pushed it below the fold); a list of results says how it is ordered (the match % is not
 * the order); the minimum-pay filter says how other pay periods are compared.
 */
import { AdSlot } from '@/components/ads/ad-slot';
import type { Actor } from '@/lib/auth/actor';
import { actorFromClaims } from '@/lib/auth/actor';
import { verifyAccessToken } from '@/lib/auth/tokens';
import { getDb } from '@/lib/db/client';
import { WEEKLY_PAY_HINT } from '@/lib/drivers/weekly-pay';
import { tokenFor } from '../../helpers/http';
import { seed } from '../../helpers/seed';

let mockActor: Actor;
jest.mock('@/lib/auth/server', () => ({
  requireSession: async () => ({ actor: mockActor, user: { id: mockActor.userId, roles: mockActor.roles, companyId: mockActor.companyId } }),
  requireUser: async () => ({ id: mockActor.userId, roles: mockActor.roles, companyId: mockActor.companyId }),
}));

import MembersJobsPage from '@/app/(members)/members/jobs/page';
import { elements, texts } from '../../helpers/element-tree';


beforeAll(async () => {
  await seed();
  mockActor = (await actorFromClaims(await getDb(), (await verifyAccessToken(await tokenFor('driver@demo.test')))!))!;
});

describe('/members/jobs', () => {
  it('shows no ad over an empty result, so "No jobs match your search" comes first', async () => {
    const page = await MembersJobsPage({ searchParams: Promise.resolve({ q: 'zzzz' }) });
    expect(elements(page).map((e) => e.props.title)).toContain('No jobs match your search');
    expect(elements(page).some((e) => e.type === AdSlot)).toBe(false);
  });

  it('says how the results are ordered, keeps the ad with results, and explains the weekly pay comparison', async () => {
    const page = await MembersJobsPage({ searchParams: Promise.resolve({}) });
    expect(elements(page).some((e) => e.type === AdSlot)).toBe(true);
    expect(texts(page).some((t) => t.startsWith('Boosted jobs first, then newest.'))).toBe(true);
    expect(texts(page)).toContain(WEEKLY_PAY_HINT);
  });

  it('filter bar: a short pay label, its hint in a row of its own, a select as wide as "Within 250 miles", inputs and Search bottom-aligned', async () => {
    const page = await MembersJobsPage({ searchParams: Promise.resolve({}) });
    const all = elements(page);
    type El = (typeof all)[number];
    // An element's strings, its own and its descendants'.
    const textOf = (e: El) => [...[e.props.children].flat().filter((c): c is string => typeof c === 'string'), ...texts(e.props.children as never)];
    const labelOf = (name: string) =>
      all.find((e) => e.type === 'label' && elements(e.props.children as never).some((c) => c.props.name === name));
    // "Minimum weekly pay ($)" wrapped to two lines at 1280 px and put its input lower than the others.
    const pay = labelOf('min_pay')!;
    expect(textOf(pay)).toContain('Min. weekly pay ($)');
    // Its five-line hint was in the column, under the input: the row was as tall, and Search sat under a gap.
    expect(textOf(pay)).not.toContain(WEEKLY_PAY_HINT);
    const hint = all.find((e) => e.props.id === 'min-pay-hint')!;
    expect(textOf(hint)).toContain(WEEKLY_PAY_HINT);
    expect(String(hint.props.className)).toContain('col-span-full');
    expect(elements(pay.props.children as never).find((c) => c.props.name === 'min_pay')?.props['aria-describedby']).toBe('min-pay-hint');
    // "Within 250 miles" was cut.
    const radius = elements(labelOf('radius')!.props.children as never).find((c) => c.type === 'select')!;
    expect(String(radius.props.className)).toMatch(/min-w-\[10\.5rem\]/);
    // Inputs and the Search button on one line in their row, whatever the labels do.
    const grid = all.find((e) => e.type === 'div' && String(e.props.className).includes('grid-cols-1'))!;
    expect(String(grid.props.className)).toContain('items-end');
    expect(elements(grid.props.children as never).some((e) => e.type === 'button' && e.props.type === 'submit')).toBe(true);
  });

  it('a radius the list does not offer (a link with 3,000 miles) is shown and kept, not "Anywhere" over a list ordered by distance', async () => {
    const options = async (radius: string) => {
      const page = await MembersJobsPage({ searchParams: Promise.resolve({ radius }) });
      const select = elements(page).find((e) => e.type === 'select' && e.props.name === 'radius')!;
      return { value: select.props.defaultValue, options: elements(select.props.children as never).filter((e) => e.type === 'option').map((e) => String(e.props.value)) };
    };
    expect(await options('3000')).toEqual({ value: '3000', options: ['', '25', '50', '100', '250', '500', '3000'] });
    expect(await options('75')).toEqual({ value: '75', options: ['', '25', '50', '75', '100', '250', '500'] });
    expect(await options('250')).toEqual({ value: '250', options: ['', '25', '50', '100', '250', '500'] });
  });
});
