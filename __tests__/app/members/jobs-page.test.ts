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
});
