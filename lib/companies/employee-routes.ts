import { paginated, route, withStatus, type RouteHandler } from '@/lib/api/route';
import type { ApiAccess } from '@/lib/access';
import { notFound } from '@/lib/errors';
import { createEmployeeSchema, employeeListQuerySchema, updateEmployeeSchema } from './employee-schemas';
import { addEmployee, EMPLOYEE_NOT_FOUND, listEmployees, sendEmployeePasswordReset, updateEmployee } from './employees';
import { companyIdParam } from './params';

/**
 * The employees calls exist twice (jobs spec §7): under /companies/{id}/employers for the company's
 * own people and under /admin/companies/{id}/employers for admins. Both paths run the same
 * handlers; only the role gate differs, and the service checks the company again either way.
 */
type Params = { id: string; userId?: string };

function userIdParam(params: Params): number {
  const id = Number(params.userId);
  if (!Number.isSafeInteger(id) || id <= 0) throw notFound(EMPLOYEE_NOT_FOUND);
  return id;
}

export function employeeListRoutes(access: ApiAccess): { GET: RouteHandler; POST: RouteHandler } {
  return {
    GET: route<undefined, typeof employeeListQuerySchema, Params>({
      access,
      query: employeeListQuerySchema,
      handler: async ({ db, actor, params, query }) => {
        const { items, pagination } = await listEmployees(db, actor!, companyIdParam(params), query);
        return paginated(items, pagination);
      },
    }),
    POST: route<typeof createEmployeeSchema, undefined, Params>({
      access,
      body: createEmployeeSchema,
      handler: async ({ db, actor, params, body, ip }) => withStatus(201, await addEmployee(db, actor!, companyIdParam(params), body, { ip })),
    }),
  };
}

export function employeeRoutes(access: ApiAccess): { PATCH: RouteHandler } {
  return {
    PATCH: route<typeof updateEmployeeSchema, undefined, Params>({
      access,
      body: updateEmployeeSchema,
      handler: ({ db, actor, params, body, ip }) => updateEmployee(db, actor!, companyIdParam(params), userIdParam(params), body, { ip }),
    }),
  };
}

export function employeePasswordResetRoutes(access: ApiAccess): { POST: RouteHandler } {
  return {
    POST: route<undefined, undefined, Params>({
      access,
      handler: ({ db, actor, params, ip }) => sendEmployeePasswordReset(db, actor!, companyIdParam(params), userIdParam(params), { ip }),
    }),
  };
}
