/**
 * The news lists (a channel's posts, the drivers' feed) read only the start of each body_html for
 * their excerpts, never the Lexical state nor a whole body (but for the rare post whose start holds
 * too little text), and answer the same excerpts and fields as when they read whole bodies.
 */
import { sql } from 'drizzle-orm';
import { ROLES } from '@/lib/access';
import type { Actor } from '@/lib/auth/actor';
import { getDb, queryRows, type Database } from '@/lib/db/client';
import { newsPosts } from '@/lib/db/schema';
import { renderRichText } from '@/lib/jobs/sanitize';
import { EXCERPT_HTML_CHARS } from '@/lib/news/excerpt';
import { excerpt, getPost, listChannelPosts } from '@/lib/news/posts';
import { listPublishedPosts, publishedPost } from '@/lib/news/readers';
import { recordStatements } from '../../helpers/plans';

const staff: Actor = { userId: 0, email: 'lists@test', firstName: 'List', lastName: 'Admin', roles: [ROLES.SUPER_ADMIN, ROLES.NEWS_ADMIN], companyId: null };
let db: Database;
let channelId: number;
/** Each post's excerpt as the lists made it from the whole body (the Lexical state when there is one). */
const expected = new Map<number, string>();

type Node = Record<string, unknown>;
const text = (t: string, extra: Node = {}): Node => ({ type: 'text', text: t, format: 0, ...extra });
const para = (...children: Node[]): Node => ({ type: 'paragraph', children });
const state = (...children: Node[]) => ({ root: { type: 'root', children } });
const words = (n: number, seed: string) => Array.from({ length: n }, (_, i) => `${seed}${i}`).join(' ');

const BODIES: Record<string, { body: unknown; status: string }> = {
  long: { body: state(...Array.from({ length: 60 }, (_, i) => para(text(`Part ${i}: `, { format: 1 }), text(`${words(20, 'haul')} & <more>`, { style: 'color: #333' })))), status: 'POSTED' },
  short: { body: state(para(text('Weigh station open.'))), status: 'POSTED' },
  table: { body: state({ type: 'table', children: [{ type: 'tablerow', children: [{ type: 'tablecell', headerState: 1, children: [para(text('Lane'))] }, { type: 'tablecell', children: [para(text('Rate'))] }] }] }, { type: 'list', listType: 'bullet', children: [{ type: 'listitem', children: [text('One')] }] }, para(text(words(80, 'row')))), status: 'POSTED' },
  inactive: { body: state(para(text(words(300, 'draft')))), status: 'Inactive' },
  html: { body: `<h2>Notice</h2><p>${words(100, 'html')}</p>`, status: 'POSTED' },
};

/** A post whose opening is all images: its start holds no text, so the list reads its whole body. */
const IMAGE = '<p><img src="/api/v1.0/news/images/1/0123456789abcdef0123.webp" alt=""></p>';
const IMAGES = IMAGE.repeat(80);

/** The queries the lists send (__tests__/helpers/plans.ts). */
const recorded = async (run: (db: Database) => Promise<unknown>) => (await recordStatements(db, run)).map((s) => s.query);

beforeAll(async () => {
  db = await getDb();
  const [channel] = await queryRows<{ id: number }>(db, sql`insert into news_channels (channel_type, name) values ('news', 'Lists channel') returning id`);
  channelId = channel.id;
  let minute = 0;
  const insert = async (values: { body: unknown; bodyHtml: string; status: string }) => {
    minute++;
    const [row] = await db
      .insert(newsPosts)
      .values({ channelId, title: `Post ${minute}`, ...values, isActive: values.status === 'POSTED', publishedAt: values.status === 'POSTED' ? new Date(Date.UTC(2026, 0, 1, 0, minute)) : null, createdAt: new Date(Date.UTC(2026, 0, 1, 0, minute)) })
      .returning({ id: newsPosts.id });
    expected.set(row.id, excerpt(values.body ?? values.bodyHtml));
  };
  for (const { body, status } of Object.values(BODIES)) {
    const { json, html } = renderRichText(body);
    await insert({ body: json, bodyHtml: html, status });
  }
  await insert({ body: null, bodyHtml: `${IMAGES}<p>${words(60, 'after')}</p>`, status: 'POSTED' });
  // A body cut by the list inside an entity, with little text before it.
  const pad = IMAGE.repeat(Math.floor((EXCERPT_HTML_CHARS - 30) / IMAGE.length));
  await insert({ body: null, bodyHtml: `${pad}<p>Fish &amp; chips &amp; more &amp; ${words(60, 'tail')}</p>`, status: 'POSTED' });
});

describe("a channel's posts", () => {
  it('answer the excerpts they made from whole bodies, and the same fields', async () => {
    const { items } = await listChannelPosts(db, staff, channelId, { offset: 0, limit: 50 });
    expect(items).toHaveLength(expected.size);
    for (const item of items) {
      expect([item.id, item.excerpt]).toEqual([item.id, expected.get(item.id)]);
      const whole = await getPost(db, staff, item.id);
      expect(item).toEqual({ ...whole, body: undefined, body_html: undefined, excerpt: expected.get(item.id) });
    }
    expect(items.find((i) => i.title === 'Post 1')!.excerpt).toMatch(/^Part 0: haul0 haul1 .*…$/);
    expect(items.find((i) => i.title === 'Post 7')!.excerpt).toMatch(/^Fish & chips & more & tail0 /);
  });

  it('read the start of each body_html, never the Lexical state; a whole body only for an opening with too little text', async () => {
    const statements = await recorded((d) => listChannelPosts(d, staff, channelId, { offset: 0, limit: 50 }));
    const page = statements.find((s) => /order by/i.test(s) && /\blimit\b/i.test(s))!;
    expect(page).toContain(`left("news_posts"."body_html", ${EXCERPT_HTML_CHARS + 1})`);
    expect(page).not.toMatch(/"news_posts"\."body"(?!_)|"news_posts"\."body_html"(?!, \d)/);
    const whole = statements.filter((s) => /"body_html"/.test(s) && s !== page);
    expect(whole).toHaveLength(1);
    expect(whole[0]).toMatch(/where "news_posts"\."id" in \(\$1, \$2\)/);
  });
});

describe("the drivers' news", () => {
  it('answer the excerpts they made from whole bodies, as the post page does', async () => {
    const { items } = await listPublishedPosts(db, { offset: 0, limit: 50 });
    expect(items.map((i) => i.id).sort()).toEqual([...expected.keys()].filter((id) => items.some((i) => i.id === id)).sort());
    expect(items).toHaveLength(expected.size - 1); // all but the inactive one
    for (const item of items) {
      expect([item.id, item.excerpt, item.body_html]).toEqual([item.id, expected.get(item.id), '']);
      const page = await publishedPost(db, item.id);
      expect(item).toEqual({ ...page, body_html: '' });
    }
  });

  it('read no body whole but for an opening with too little text', async () => {
    const statements = await recorded((d) => listPublishedPosts(d, { offset: 0, limit: 50 }));
    const page = statements.find((s) => /order by/i.test(s) && /\blimit\b/i.test(s))!;
    expect(page).toContain(`left("news_posts"."body_html", ${EXCERPT_HTML_CHARS + 1})`);
    expect(page).not.toMatch(/"news_posts"\."body"(?!_)|"news_posts"\."body_html"(?!, \d)/);
    expect(statements.filter((s) => /"body_html"/.test(s) && s !== page)).toHaveLength(1);
  });
});
