// PATCH /api/v1.0/companies/{id}/employers/{userId}: update an employee (names, phone, role, active). For the company's own people (admins too).
import { employeeRoutes } from '@/lib/companies/employee-routes';

const routes = employeeRoutes('companySettings');
export const PATCH = routes.PATCH;

// Every method this file does not export answers 405 with the JSON envelope and Allow.
export * from '@/lib/api/other-methods';
