import { createHash } from 'node:crypto';
import type { companies } from '@/lib/db/schema';
import { stripCountryCode } from '@/lib/auth/phone';

type CompanyRow = typeof companies.$inferSelect;

/** Where a company's logo is served; the version query changes with each new upload. */
export function logoUrl(row: Pick<CompanyRow, 'id' | 'logo'>, size: 'large' | 'small' = 'large'): string | null {
  if (!row.logo) return null;
  const v = createHash('sha256').update(row.logo).digest('hex').slice(0, 10);
  return `/api/v1.0/companies/${row.id}/logo?v=${v}${size === 'small' ? '&size=small' : ''}`;
}

/** The company as the API answers it (jobs spec §3 "Company (server)"). */
export function companyView(row: CompanyRow) {
  const hasCoordinates = row.latitude != null && row.longitude != null;
  return {
    id: row.id,
    company_name: row.companyName,
    size: row.size,
    street1: row.street1,
    street2: row.street2,
    city: row.city,
    state: row.state,
    postal_code: row.postalCode,
    country: row.country,
    employer_id: row.employerId,
    logo: logoUrl(row),
    logo_small: logoUrl(row, 'small'),
    billing_type: row.billingType,
    type: row.type,
    phone: stripCountryCode(row.phone),
    email: row.email,
    email_to_verify: row.emailToVerify,
    email_verified: row.emailVerified,
    coordinates: hasCoordinates ? { lat: row.latitude!, lng: row.longitude! } : null,
    latitude: row.latitude,
    longitude: row.longitude,
    blocked_users: row.blockedUsers,
    color_template: row.colorTemplate,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
    enable_requisite_numbers: row.enableRequisiteNumbers,
    experienced_driver_filter: row.experiencedDriverFilter,
    sales_ref: row.salesRef,
    second_chance_company: row.secondChanceCompany,
  };
}
export type CompanyView = ReturnType<typeof companyView>;
