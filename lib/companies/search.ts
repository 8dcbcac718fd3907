import { asc, ilike, or, sql } from 'drizzle-orm';
import { API_ACCESS, hasAny } from '@/lib/access';
import type { Actor } from '@/lib/auth/actor';
import type { Database } from '@/lib/db/client';
import { companies } from '@/lib/db/schema';
import { AppError, forbidden } from '@/lib/errors';
import type { CompanySearchQuery } from './schemas';

/** One row of the company picker: enough to tell two companies of the same name apart. */
export type CompanyChoice = { id: number; company_name: string; city: string | null; state: string | null };

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * Companies whose name (or city) contains `search`, by name: the picker of staff who act for any
 * company. The role is checked here, not only by the route table; a company user never lists
 * other companies.
 */
export async function searchCompanies(db: Database, actor: Actor | null, input: CompanySearchQuery): Promise<CompanyChoice[]> {
  if (!actor) throw new AppError(401, 'Unauthorized');
  if (!hasAny(actor.roles, API_ACCESS.companySearch)) throw forbidden();
  const pattern = `%${escapeLike(input.search)}%`;
  return db
    .select({ id: companies.id, company_name: companies.companyName, city: companies.city, state: companies.state })
    .from(companies)
    .where(input.search ? or(ilike(companies.companyName, pattern), ilike(companies.city, pattern)) : undefined)
    .orderBy(asc(sql`lower(${companies.companyName})`), asc(companies.id))
    .limit(input.limit);
}
