// GET /api/v1.0/companies/{id}/logo: the logo image (public); PUT: upload a new logo (multipart field "logo"); DELETE: remove it
import { route } from '@/lib/api/route';
import { companyIdParam } from '@/lib/companies/params';
import { logoFromRequest, logoImage, removeLogo, uploadLogo } from '@/lib/companies/logo';

type Params = { id: string };

export const GET = route<undefined, undefined, Params>({
  access: 'public',
  handler: ({ db, params }) => logoImage(db, companyIdParam(params)),
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
