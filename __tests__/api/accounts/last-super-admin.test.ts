import { eq } from 'drizzle-orm';
import { DELETE as deleteMe } from '@/app/api/v1.0/members/me/route';
import { ROLES } from '@/lib/access';
import { getDb } from '@/lib/db/client';
import { userRoles, users } from '@/lib/db/schema';
import { call } from '../../helpers/http';
import { seed } from '../../helpers/seed';
import { makeUser, signIn } from './helpers';

beforeAll(seed);

async function superAdminIds() {
  const db = await getDb();
  const rows = await db.select({ id: userRoles.userId }).from(userRoles).innerJoin(users, eq(users.id, userRoles.userId)).where(eq(userRoles.role, ROLES.SUPER_ADMIN));
  return rows.map((r) => r.id);
}

describe('the last super admin cannot be removed', () => {
  it('refuses the only super admin deleting their own account with 409, and changes nothing', async () => {
    const { accessToken } = await signIn('superadmin@demo.test', 'Demo1234!');
    const before = await superAdminIds();
    expect(before).toHaveLength(1);

    const res = await call(deleteMe, { method: 'DELETE', token: accessToken });
    expect(res.status).toBe(409);
    expect(res.json.errors[0].message).toBe('The last super admin cannot be removed. Make another user a super admin first.');
    expect(await superAdminIds()).toEqual(before);
    const db = await getDb();
    const [row] = await db.select().from(users).where(eq(users.email, 'superadmin@demo.test'));
    expect(row.deletedAt).toBeNull();
  });

  it('of two super admins deleting themselves at once, exactly one goes and one stays', async () => {
    const second = await makeUser({ role: ROLES.SUPER_ADMIN });
    const tokens = [(await signIn('superadmin@demo.test', 'Demo1234!')).accessToken, (await signIn(second.email)).accessToken];

    const results = await Promise.all(tokens.map((token) => call(deleteMe, { method: 'DELETE', token })));
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(await superAdminIds()).toHaveLength(1);
  });
});
