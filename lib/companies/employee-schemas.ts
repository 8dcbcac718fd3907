import { z } from 'zod';
import { plainNumber } from '@/lib/validation/numbers';
import { textError } from '@/lib/validation/messages';
import { emailRule, nameRule, passwordRule, phoneRule } from '@/lib/accounts/schemas';

/**
 * The employees of a company (jobs spec §3 "Employee", §7 employers calls). Two roles inside a
 * company: a company admin (TNCompanyAdmin + Employer) manages the company and its people; a
 * company user (Employer) posts jobs and sees the employees read-only.
 */
export const EMPLOYEE_ROLES = ['company_admin', 'company_user'] as const;
export type EmployeeRole = (typeof EMPLOYEE_ROLES)[number];

const PAGE = 'Limit must be a number from 1 to 100.';
const OFFSET = 'Offset must be a whole number, 0 or more.';

export const employeeListQuerySchema = z.object({
  offset: plainNumber(z.coerce.number({ error: OFFSET }).int(OFFSET).min(0, OFFSET).max(1_000_000, OFFSET)).default(0),
  limit: plainNumber(z.coerce.number({ error: PAGE }).int(PAGE).min(1, PAGE).max(100, PAGE)).default(20),
});
export type EmployeeListQuery = z.infer<typeof employeeListQuerySchema>;

/**
 * The sign-up's name rule says "You must enter your name" to the person signing up; here a company
 * admin types someone else's name, so a missing one is asked for as the employee's (the rest of
 * the rule, and its "Needs to be a valid name.", is the sign-up's).
 */
export const EMPLOYEE_FIRST_NAME_REQUIRED = "Enter the employee's first name";
export const EMPLOYEE_LAST_NAME_REQUIRED = "Enter the employee's last name";
const employeeName = (required: string) => z.string({ error: textError(required) }).trim().min(1, required).pipe(nameRule);
const firstNameRule = employeeName(EMPLOYEE_FIRST_NAME_REQUIRED);
const lastNameRule = employeeName(EMPLOYEE_LAST_NAME_REQUIRED);

const roleRule = z.enum(EMPLOYEE_ROLES, { error: 'Choose company admin or company user.' });

/** POST /companies/{id}/employers: the sign-up rules for each field; tn_newsletters is always false. */
export const createEmployeeSchema = z.object({
  first_name: firstNameRule,
  last_name: lastNameRule,
  email: emailRule,
  password: passwordRule,
  phone: phoneRule,
  role: roleRule.default('company_user'),
  tn_newsletters: z.literal(false, { error: 'An employee added by the company is not signed up for newsletters.' }).default(false),
});
export type CreateEmployeeInput = z.infer<typeof createEmployeeSchema>;

/** PATCH /companies/{id}/employers/{userId}: any subset. `active: false` deactivates, `true` reactivates. */
export const updateEmployeeSchema = z
  .object({
    first_name: firstNameRule,
    last_name: lastNameRule,
    phone: phoneRule,
    active: z.boolean({ error: 'Active must be true or false.' }),
    role: roleRule,
  })
  .partial()
  .strict()
  .refine((v) => Object.keys(v).length > 0, 'Nothing to update.');
export type UpdateEmployeeInput = z.infer<typeof updateEmployeeSchema>;
