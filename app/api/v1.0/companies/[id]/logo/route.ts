// GET /api/v1.0/companies/{id}/logo?size=large|small: the logo image (public, 343x133 or 49x19); PUT: upload a new logo (multipart "logo", crop fields zoom/left/top); DELETE: remove it
import { route } from '@/lib/api/route';
import { companyIdParam } from '@/lib/companies/params';
import { logoImageQuerySchema } from '@/lib/companies/schemas';
import { logoFromRequest, logoImage, removeLogo, uploadLogo } from '@/lib/companies/logo';

type Params = { id: string };

export const GET = route<undefined, typeof logoImageQuerySchema, Params>({
  access: 'public',
  query: logoImageQuerySchema,
  handler: ({ db, params, query }) => logoImage(db, companyIdParam(params), query.size),
});

export const PUT = route<undefined, undefined, Params>({
  access: 'companySettings',
  rawBody: true,
  handler: ({ db, actor, params, req }) => uploadLogo(db, actor!, companyIdParam(params), () => logoFromRequest(req)),
});

export const DELETE = route<undefined, undefined, Params>({
  access: 'companySettings',
  handler: ({ db, actor, params }) => removeLogo(db, actor!, companyIdParam(params)),
});

// Every method this file does not export answers 405 with the JSON envelope and Allow.
export * from '@/lib/api/other-methods';
