import type { z } from 'zod';
import { toAddressPayload } from './address-choice';
import type { CompanyAddressForm, CompanyInfoForm, createCompanySchema } from './schemas';

/** Company sizes of the sign-up and settings forms (accounts spec §2 company-info). */
export const COMPANY_SIZES = ['1-5', '6-10', '11-20', '21-50', '51-100', '101+'] as const;
export type CompanySize = (typeof COMPANY_SIZES)[number];

/** The two onboarding forms' values as POST /companies; zod-free so the forms load without the schemas (issue 16). */
export function toCreateCompanyPayload(info: CompanyInfoForm, address: CompanyAddressForm): z.input<typeof createCompanySchema> {
  return { company_name: info.companyName, size: info.companySize, ...toAddressPayload(address) };
}
