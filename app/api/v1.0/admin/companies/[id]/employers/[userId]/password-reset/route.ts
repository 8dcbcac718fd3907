// POST /api/v1.0/admin/companies/{id}/employers/{userId}/password-reset: mail the employee a reset code. For admins (super admin, admin).
import { employeePasswordResetRoutes } from '@/lib/companies/employee-routes';

const routes = employeePasswordResetRoutes('admin');
export const POST = routes.POST;

// Every method this file does not export answers 405 with the JSON envelope and Allow.
export * from '@/lib/api/other-methods';
