/**
 * A post's PDF export and its images (a read-only review): pdfkit embedded an image handed to it as
 * bytes again at every use, so a post repeating one uploaded picture made a PDF of its size times the
 * repeats (40: 55 MB in 4.9 s; the 1 MB body holds 11,000), on every download.
 */
import sharp from 'sharp';
import { POST as createChannelRoute } from '@/app/api/v1.0/news/channels/route';
import { POST as createPostRoute } from '@/app/api/v1.0/news/channels/[id]/posts/route';
import { POST as uploadRoute } from '@/app/api/v1.0/news/channels/[id]/upload-image/route';
import { GET as pdfRoute } from '@/app/api/v1.0/news/posts/[id]/pdf/route';
import { MAX_PDF_IMAGES } from '@/lib/news/pdf';
import { call, tokenFor } from '../../helpers/http';
import { seed } from '../../helpers/seed';
import { withTempStorage } from '../../helpers/storage';

withTempStorage('news-pdf-images');

let contributor: string;
let channelId: string;
let src: string;

beforeAll(async () => {
  await seed();
  const admin = await tokenFor('newsadmin@demo.test');
  contributor = await tokenFor('contributor@demo.test');
  channelId = String((await call(createChannelRoute, { token: admin, body: { name: 'PDF images', channel_type: 'general' } })).json.data.id);
  // 720x720 noise: about 1.5 MB once the export turns the stored WebP into PNG.
  const raw = Buffer.alloc(720 * 720 * 3);
  for (let i = 0; i < raw.length; i++) raw[i] = (i * 2654435761) >>> 24;
  const form = new FormData();
  form.set('image', new Blob([new Uint8Array(await sharp(raw, { raw: { width: 720, height: 720, channels: 3 } }).png().toBuffer())], { type: 'image/png' }), 'n.png');
  src = (await call(uploadRoute, { token: contributor, params: { id: channelId }, rawBody: form, method: 'POST' })).json.data.image_url;
}, 60_000);

async function pdfOf(images: number) {
  const body = { root: { type: 'root', children: Array.from({ length: images }, () => ({ type: 'image', src, width: 1, height: 1 })) } };
  const post = await call(createPostRoute, { token: contributor, params: { id: channelId }, body: { title: `${images} pictures`, body } });
  expect(post.status).toBe(201);
  const res = await call(pdfRoute, { token: contributor, params: { id: String(post.json.data.id) } });
  expect(res.status).toBe(200);
  return res.text;
}

it('embeds a picture the post repeats once, and draws it at each place', async () => {
  const pdf = await pdfOf(40);
  expect((pdf.match(/\/Subtype \/Image/g) ?? []).length).toBe(1);
  // Drawn 40 times: each use names the one image object.
  expect((pdf.match(/\/I1 Do/g) ?? []).length).toBe(40);
}, 60_000);

it(`draws at most ${MAX_PDF_IMAGES} pictures in one export`, async () => {
  const pdf = await pdfOf(MAX_PDF_IMAGES + 50);
  expect((pdf.match(/\/I1 Do/g) ?? []).length).toBe(MAX_PDF_IMAGES);
}, 60_000);
