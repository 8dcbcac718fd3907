// GET /api/v1.0/admin/companies/{id}/employers: the company's employees (offset, limit); POST: add one. For admins (super admin, admin).
import { employeeListRoutes } from '@/lib/companies/employee-routes';

const routes = employeeListRoutes('admin');
export const GET = routes.GET;
export const POST = routes.POST;

// Every method this file does not export answers 405 with the JSON envelope and Allow.
export * from '@/lib/api/other-methods';
