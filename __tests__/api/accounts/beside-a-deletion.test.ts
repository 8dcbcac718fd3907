/**
 * Writers of an account beside its deletion or its takeover, and a deletion decided on roles the
 * request read. Each went on with what it had read before it waited: an edit wrote a deleted
 * person's name and phone back, a social sign-in whose identity the mailbox's owner had just
 * removed started a session, and a company was left with members and no admin. On PostgreSQL the
 * other transaction really commits while the writer waits (helpers/row-locks.ts); PGlite runs them
 * in turn.
 */
import { sql } from 'drizzle-orm';
import { ROLES } from '@/lib/access';
import { deleteAccount } from '@/lib/accounts/members';
import { updateEmployerAsAdmin } from '@/lib/admin/employers';
import type { Actor } from '@/lib/auth/actor';
import { socialSignIn, UNBOUND_MEANWHILE } from '@/lib/auth/social';
import { updateEmployee } from '@/lib/companies/employees';
import { getDb, queryRows, type Database } from '@/lib/db/client';
import { superAdmin, writeWhileRowChanges } from '../../helpers/row-locks';

let db: Database;
let n = 0;
beforeAll(async () => {
  db = await getDb();
});

const HOLD_USER = 'select 1 from users where id = $1 for update';
/** What deleteAccount does to the row and its roles (lib/accounts/members.ts). */
const DELETE = [
  `update users set first_name = 'Deleted', last_name = 'Deleted', phone = null, active = false, deleted_at = now(), email = 'deleted-' || $1 || '@deleted.invalid' where id = $1`,
  `delete from user_roles where user_id = $1`,
];

async function company() {
  const [row] = await queryRows<{ id: number }>(db, sql`insert into companies (company_name, city, state) values ('Deletion Race Co', 'Tulsa', 'OK') returning id`);
  return row.id;
}

async function member(companyId: number, roles: string[]): Promise<Actor> {
  const email = `member${Date.now().toString(36)}${n++}@deletion.test`;
  const [row] = await queryRows<{ id: number }>(
    db,
    sql`insert into users (email, first_name, last_name, phone, company_id, email_verified_at) values (${email}, 'Pat', 'Member', '+19185550100', ${companyId}, now()) returning id`,
  );
  for (const role of roles) await db.execute(sql`insert into user_roles (user_id, role) values (${row.id}, ${role})`);
  return { userId: row.id, email, firstName: 'Pat', lastName: 'Member', roles: roles as Actor['roles'], companyId };
}

const person = async (id: number) =>
  (await queryRows<{ first_name: string; phone: string | null; roles: number }>(db, sql`select first_name, phone, (select count(*)::int from user_roles r where r.user_id = u.id) as roles from users u where id = ${id}`))[0];

it("a company admin's edit of an employee deleting their account meanwhile writes nothing back (404)", async () => {
  const companyId = await company();
  const admin = await member(companyId, [ROLES.EMPLOYER, ROLES.COMPANY_ADMIN]);
  const employee = await member(companyId, [ROLES.EMPLOYER]);
  const edit = () => updateEmployee(db, admin, companyId, employee.userId, { first_name: 'Pat', last_name: 'Again', phone: '9185550111', role: 'company_user' });
  expect(await writeWhileRowChanges(db, employee.userId, HOLD_USER, DELETE, edit)).not.toBe('done');
  expect(await person(employee.userId)).toEqual({ first_name: 'Deleted', phone: null, roles: 0 });
});

it("an admin's edit of a company user deleting their account meanwhile writes nothing back (404)", async () => {
  const companyId = await company();
  const employee = await member(companyId, [ROLES.EMPLOYER]);
  const staff = await superAdmin(db);
  const edit = () => updateEmployerAsAdmin(db, staff, employee.userId, { first_name: 'Pat', phone: '9185550112' });
  expect(await writeWhileRowChanges(db, employee.userId, HOLD_USER, DELETE, edit)).toBe('User not found.');
  expect(await person(employee.userId)).toMatchObject({ first_name: 'Deleted', phone: null });
});

it("a social sign-in whose identity the mailbox's owner removes meanwhile starts no session (401)", async () => {
  const companyId = await company();
  // A Facebook sign-in (its email never taken as verified) bound while the address was unverified.
  const claimant = await member(companyId, [ROLES.DRIVER]);
  const subject = `sub-${Date.now()}-${n++}`;
  await db.execute(sql`insert into social_identities (user_id, provider, subject, email) values (${claimant.userId}, 'facebook', ${subject}, ${claimant.email})`);
  // The takeover (lib/auth/social.ts, lib/accounts/email-verification.ts): the account, then its identities and sessions.
  const takeover = [
    `update users set password_hash = null, email_verified_at = now() where id = $1`,
    `delete from social_identities where user_id = $1`,
    `update refresh_tokens set revoked_at = now() where user_id = $1 and revoked_at is null`,
  ];
  const signIn = () => socialSignIn(db, { provider: 'facebook', subject, email: claimant.email, emailVerified: false, name: 'Pat Member', expiresAt: new Date(Date.now() + 60_000) });
  const outcome = await writeWhileRowChanges(db, claimant.userId, HOLD_USER, takeover, signIn);
  expect(outcome).not.toBe('done');
  const [{ live }] = await queryRows<{ live: number }>(db, sql`select count(*)::int as live from refresh_tokens where user_id = ${claimant.userId} and revoked_at is null`);
  expect(live).toBe(0);
  if (process.env.DATABASE_URL) expect(outcome).toBe(UNBOUND_MEANWHILE);
});

it("an employee promoted to the company's only admin since their sign-in cannot delete the account while others work there (409)", async () => {
  const companyId = await company();
  const founder = await member(companyId, [ROLES.EMPLOYER]);
  const promoted = await member(companyId, [ROLES.EMPLOYER, ROLES.COMPANY_ADMIN]);
  // The request's actor as its token said before the promotion: an employee.
  const asSignedIn: Actor = { ...promoted, roles: [ROLES.EMPLOYER] };
  await expect(deleteAccount(db, asSignedIn, { ip: '10.66.0.1' })).rejects.toMatchObject({ status: 409 });
  expect(await person(promoted.userId)).toMatchObject({ first_name: 'Pat' });
  expect(founder.companyId).toBe(companyId);
});
