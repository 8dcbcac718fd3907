// GET /api/v1.0/news/posts/{id}/pdf: the post as a PDF, A4 with 1 cm margins
import { route } from '@/lib/api/route';
import { postPdf } from '@/lib/news/pdf';
import { getPost } from '@/lib/news/posts';
import { idParam } from '@/lib/news/schemas';

export const GET = route({
  access: 'news',
  handler: async ({ db, actor, params }) => {
    const post = await getPost(db, actor, idParam(params));
    const pdf = await postPdf(post);
    return new Response(new Uint8Array(pdf), {
      headers: { 'content-type': 'application/pdf', 'content-disposition': `inline; filename="post-${post.id}.pdf"`, 'cache-control': 'no-store' },
    });
  },
});

// Every method this file does not export answers 405 with the JSON envelope and Allow.
export * from '@/lib/api/other-methods';
