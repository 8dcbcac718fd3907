import { z } from 'zod';
import { plainNumber } from '@/lib/validation/numbers';
import { textError } from '@/lib/validation/messages';
import { emailRule, orderedRules, phoneRule } from '@/lib/accounts/schemas';
import { stateCode } from '@/lib/geo/states';
import type { AddressSuggestion } from '@/lib/geo/types';
import { INVALID_ADDRESS, NOT_US_ADDRESS, isUsCountry, validateAddress } from '@/lib/geo/validate-address';

/**
 * Company creation (accounts spec §2 company-info and company-address, jobs spec §3 Company).
 * The two onboarding forms parse `companyInfoFormSchema` and `companyAddressFormSchema`; the API
 * parses `createCompanySchema`, built from the same field rules under the payload's names.
 */

import { COMPANY_SIZES } from './create-payload';
import { LOGO_ZOOM, LOGO_CROP_MESSAGE, LOGO_OFFSET_MESSAGE } from './logo-rules';
export { LOGO_MAX_BYTES, LOGO_MAX_SIDE, LOGO_TYPES, LOGO_ZOOM, LOGO_CROP_INSET, LOGO_SIZES, LOGO_CROP_MESSAGE, LOGO_OFFSET_MESSAGE, LOGO_TOO_LARGE, LOGO_BAD_TYPE, type LogoSize } from './logo-rules';
export { COMPANY_SIZES, toCreateCompanyPayload, type CompanySize } from './create-payload';

export const COMPANY_NAME_REQUIRED = 'Enter your company name';
export const COMPANY_NAME_SHORT = 'Company name should be at least 2 characters long';
export const COMPANY_NAME_LONG = 'Company name should be up to 120 characters';
export const COMPANY_SIZE_REQUIRED = 'Select the size of your company';
export const ZIP_INVALID = 'Enter a valid ZIP code';

export const companyNameRule = orderedRules(COMPANY_NAME_REQUIRED, [
  [(v) => v.length >= 2, COMPANY_NAME_SHORT],
  [(v) => v.length <= 120, COMPANY_NAME_LONG],
]);

export const companySizeRule = z.enum(COMPANY_SIZES, { error: COMPANY_SIZE_REQUIRED });



const cropNumber = (message: string, min: number, max: number) => z.coerce.number({ error: message }).int(message).min(min, message).max(max, message);
/** The crop the dialog sends beside the file: the image's width on screen and the frame's offset inside it. */
export const logoCropSchema = z.object({
  zoom: plainNumber(cropNumber(LOGO_CROP_MESSAGE, LOGO_ZOOM.min, LOGO_ZOOM.max).refine((v) => v % LOGO_ZOOM.step === 0, LOGO_CROP_MESSAGE)),
  left: plainNumber(cropNumber(LOGO_OFFSET_MESSAGE, -LOGO_ZOOM.max, LOGO_ZOOM.max)),
  top: plainNumber(cropNumber(LOGO_OFFSET_MESSAGE, -LOGO_ZOOM.max * 10, LOGO_ZOOM.max * 10)),
});
export type LogoCrop = z.infer<typeof logoCropSchema>;
/** GET /companies/{id}/logo?size=: the large size unless the small one is asked for; `v` is the cache-busting version. */
export const logoImageQuerySchema = z.object({ size: z.enum(['large', 'small'], { error: 'Size is large or small.' }).default('large'), v: z.string().max(40).optional() });

export const companyInfoFormSchema = z.object({ companyName: companyNameRule, companySize: companySizeRule });
export type CompanyInfoForm = z.infer<typeof companyInfoFormSchema>;

const coordinatesSchema = z.object({ lat: z.number().min(-90).max(90), lng: z.number().min(-180).max(180) });

/** One choice from the address field (Google or the gazetteer), checked by the shared address rules. */
export const addressChoiceSchema = z
  .object({
    description: z.string(),
    address: z.string(),
    city: z.string(),
    stateName: z.string(),
    state: z.string(),
    zipCode: z.string(),
    country: z.string(),
    coordinates: coordinatesSchema,
  })
  .nullable()
  .superRefine((choice, ctx) => {
    const message = validateAddress(choice);
    if (message) ctx.addIssue({ code: 'custom', message });
  });

export const companyAddressFormSchema = z.object({
  location: addressChoiceSchema,
  street2: z.string().trim().max(100, 'Keep the suite or unit under 100 characters'),
});
export type CompanyAddressForm = { location: AddressSuggestion | null; street2: string };

/** Address fields of the API payload; coordinates are looked up from the ZIP or city when left out. */
export const addressFields = {
  street1: z.string().trim().max(200),
  street2: z.string().trim().max(100),
  city: z.string({ error: textError(INVALID_ADDRESS) }).trim().min(1, INVALID_ADDRESS).max(100),
  state: z
    .string({ error: textError(INVALID_ADDRESS) })
    .trim()
    .transform((v, ctx) => {
      const code = stateCode(v);
      if (!code) ctx.addIssue({ code: 'custom', message: NOT_US_ADDRESS });
      return code ?? v;
    }),
  postal_code: z.string().trim().regex(/^(\d{5}(-\d{4})?)?$/, ZIP_INVALID),
  country: z.string().trim().refine(isUsCountry, NOT_US_ADDRESS),
  latitude: z.number().min(-90).max(90).optional(),
  longitude: z.number().min(-180).max(180).optional(),
};

export const createCompanySchema = z.object({
  company_name: companyNameRule,
  size: companySizeRule,
  ...addressFields,
  street1: addressFields.street1.default(''),
  street2: addressFields.street2.default(''),
  postal_code: addressFields.postal_code.default(''),
  country: addressFields.country.default('US'),
  /** Billing contact; the creator's email and phone when left out. */
  email: emailRule.optional(),
  phone: phoneRule.optional(),
});
export type CreateCompanyInput = z.infer<typeof createCompanySchema>;

export const BILLING_TYPES = ['CELERO', 'CONTRACT'] as const;

/** PATCH /companies/{id}: any subset; billing type and plan type are for admins only. */
export const updateCompanySchema = z
  .object({
    company_name: companyNameRule,
    size: companySizeRule,
    ...addressFields,
    email: emailRule,
    phone: phoneRule,
    billing_type: z.enum(BILLING_TYPES),
    type: z.union([z.literal(1), z.literal(2)]),
  })
  .partial()
  .refine((v) => Object.keys(v).length > 0, 'Nothing to update.');
export type UpdateCompanyInput = z.infer<typeof updateCompanySchema>;


/** GET /companies?search=: the company picker's query (a name fragment; empty lists the first ones). */
export const companySearchQuerySchema = z.object({
  search: z.string().trim().max(120, 'Search with at most 120 characters.').default(''),
  limit: plainNumber(z.coerce.number({ error: 'Limit must be a number from 1 to 50.' }).int('Limit must be a number from 1 to 50.').min(1, 'Limit must be a number from 1 to 50.').max(50, 'Limit must be a number from 1 to 50.')).default(20),
});
export type CompanySearchQuery = z.infer<typeof companySearchQuerySchema>;
