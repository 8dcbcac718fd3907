// PATCH /api/v1.0/admin/companies/{id}/employers/{userId}: update an employee (names, phone, role, active). For admins (super admin, admin).
import { employeeRoutes } from '@/lib/companies/employee-routes';

const routes = employeeRoutes('admin');
export const PATCH = routes.PATCH;

// Every method this file does not export answers 405 with the JSON envelope and Allow.
export * from '@/lib/api/other-methods';
