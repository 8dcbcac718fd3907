import { eq } from 'drizzle-orm';
import { ROLES } from '@/lib/access';
import { actionLabel, auditPage } from '@/lib/admin/audit-view';
import { recordAudit } from '@/lib/audit';
import { getDb } from '@/lib/db/client';
import { companies, jobs, users } from '@/lib/db/schema';
import { seed } from '../../helpers/seed';

const staff = { userId: 0, email: 'staff@local', firstName: 'Staff', lastName: 'Member', roles: [ROLES.SUPER_ADMIN], companyId: null };

beforeAll(async () => {
  await seed();
});

describe('the audit log reads as words (it showed user.impersonate.end and "user #5")', () => {
  it('labels known actions, keeps an unknown code as it is', () => {
    expect(actionLabel('user.impersonate.end')).toBe('Impersonation ended');
    expect(actionLabel('company.update')).toBe('Company edited');
    expect(actionLabel('something.new')).toBe('something.new');
  });

  it("names the subject user, company and job with their id, joined in the same query; a missing or other subject keeps its reference", async () => {
    const db = await getDb();
    const [user] = await db.select().from(users).where(eq(users.email, 'admin@demo.test'));
    const [company] = await db.select().from(companies).limit(1);
    const [job] = await db.select().from(jobs).limit(1);
    await recordAudit(db, { actorUserId: user.id, action: 'user.impersonate.end', subjectType: 'user', subjectId: user.id });
    await recordAudit(db, { actorUserId: user.id, action: 'company.update', subjectType: 'company', subjectId: company.id });
    if (job) await recordAudit(db, { actorUserId: user.id, action: 'job.suspend', subjectType: 'job', subjectId: job.id });
    await recordAudit(db, { actorUserId: user.id, action: 'ad.delete', subjectType: 'ad', subjectId: 4 });
    await recordAudit(db, { actorUserId: user.id, action: 'company.update', subjectType: 'company', subjectId: 99_999_999 });
    const { lines } = await auditPage(db, staff, { offset: 0, limit: 10 });
    const name = `${user.firstName} ${user.lastName ?? ''}`.trim();
    expect(lines.find((l) => l.action === 'user.impersonate.end')).toMatchObject({ actionLabel: 'Impersonation ended', subject: `${name} (user #${user.id})` });
    expect(lines.find((l) => l.subject.endsWith(`(company #${company.id})`))).toMatchObject({ actionLabel: 'Company edited', subject: `${company.companyName} (company #${company.id})` });
    if (job) expect(lines.find((l) => l.action === 'job.suspend')?.subject).toBe(`${job.title} (job #${job.id})`);
    expect(lines.find((l) => l.action === 'ad.delete')?.subject).toBe('ad #4');
    expect(lines.find((l) => l.subject === 'company #99999999')).toBeDefined();
  });
});
