import { tokens } from '../jobs/helpers';

/** Roles that must be refused (403) by every admin call: everyone but super admins and admins. */
export async function adminCallTokens() {
  const t = await tokens();
  return { allowed: { admin: t.admin, superAdmin: t.superAdmin }, refused: { employer: t.employer, companyAdmin: t.companyAdmin, internal: t.internal, driver: t.driver, news: t.news }, all: t };
}
