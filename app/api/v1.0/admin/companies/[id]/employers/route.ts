// GET /api/v1.0/admin/companies/{id}/employers: the company's employees (offset, limit); POST: add one. For admins (super admin, admin).
import { employeeListRoutes } from '@/lib/companies/employee-routes';

const routes = employeeListRoutes('admin');
export const GET = routes.GET;
export const POST = routes.POST;
