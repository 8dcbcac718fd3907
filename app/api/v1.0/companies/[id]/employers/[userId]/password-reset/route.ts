// POST /api/v1.0/companies/{id}/employers/{userId}/password-reset: mail the employee a reset code. For the company's own people (admins too).
import { employeePasswordResetRoutes } from '@/lib/companies/employee-routes';

const routes = employeePasswordResetRoutes('companySettings');
export const POST = routes.POST;

// Every method this file does not export answers 405 with the JSON envelope and Allow.
export * from '@/lib/api/other-methods';
