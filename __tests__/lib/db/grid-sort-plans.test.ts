/**
 * The ads grid, the news channel search and the albums list: every sort they offer orders rightly in
 * both directions (nulls last where a key is nullable, ties by id in the sort's direction) and is read
 * from an index in that order, with no sort of the matching rows. Plans are EXPLAINed with sequential
 * scans and sorts made the planner's last resort (as in list-plans.test.ts), so a plan that still
 * sorts has no index for the order. Runs on PGlite and on PostgreSQL.
 */
import { sql } from 'drizzle-orm';
import { ROLES } from '@/lib/access';
import type { Actor } from '@/lib/auth/actor';
import { getDb, queryRows, type Database } from '@/lib/db/client';
import { STATUS_VALUES } from '@/lib/ads/codes';
import { AD_ORDER_FIELDS, searchAdsSchema } from '@/lib/ads/schemas';
import { searchAds } from '@/lib/ads/services';
import { deleteAdMedia, MEDIA_MESSAGES } from '@/lib/ads/media';
import { searchChannels } from '@/lib/news/channels';
import { channelSearchSchema } from '@/lib/news/schemas';
import { listAlbums } from '@/lib/news/albums';
import { explainStatement, LAST_RESORT, recordStatements, type Statement } from '../../helpers/plans';

const ADS = 300;
const staff: Actor = { userId: 0, email: 'sorts@test', firstName: 'Sort', lastName: 'Admin', roles: [ROLES.SUPER_ADMIN, ROLES.ADS_ADMIN, ROLES.NEWS_ADMIN], companyId: null };
let db: Database;
let writer: Actor;

const recorded = (run: (db: Database) => Promise<unknown>) => recordStatements(db, run);
/** EXPLAIN of one statement with sequential scans, bitmaps and sorts made the planner's last resort. */
const explain = (s: Statement) => explainStatement(db, s, LAST_RESORT);

/** The list's page statement is read from `index` in its order: no Sort (nor Incremental Sort) at all. */
async function expectIndexOrder(run: (db: Database) => Promise<unknown>, index: string) {
  const statements = await recorded(run);
  const page = statements.find((s) => /order by/i.test(s.query) && /\blimit\b/i.test(s.query) && !/capped/i.test(s.query));
  expect(page).toBeDefined();
  const plan = await explain(page!);
  expect({ index, plan, sorts: plan.split('\n').filter((l) => /Sort/.test(l)) }).toEqual({ index, plan: expect.stringMatching(new RegExp(`Index (Only )?Scan( Backward)? using ${index}\\b`)), sorts: [] });
}

beforeAll(async () => {
  db = await getDb();
  const statuses = `array[${STATUS_VALUES.map((s) => `'${s}'`).join(',')}]`;
  await db.execute(
    sql.raw(`
    insert into ads (name, advertiser, headline, target_url, placements, starts_at, ends_at, status, weight, impressions, clicks, created_at)
    select 'ad' || lpad((g % 97)::text, 3, '0'), 'adv' || (g % 13), 'Headline ' || g, 'https://example.com/' || g, '{members_home}',
      timestamptz '2026-01-01T00:00:00Z' + (g % 40) * interval '1 day',
      case when g % 3 = 0 then null else timestamptz '2026-06-01T00:00:00Z' + (g % 50) * interval '1 day' end,
      (${statuses})[1 + g % ${STATUS_VALUES.length}]::ad_status, 1 + g % 10,
      case when g % 5 = 0 then 0 else (g * 37) % 200 end, (g * 11) % 60,
      timestamptz '2026-01-01T00:00:00Z' + (g % 120) * interval '1 hour'
    from generate_series(1, ${ADS}) g`),
  );
  await db.execute(sql`
    insert into news_channels (channel_type, name, created_at)
    select (array['news', 'safety', 'industry'])[1 + g % 3], 'chan' || lpad((g % 150)::text, 3, '0'), timestamptz '2026-01-01T00:00:00Z' + (g % 100) * interval '1 minute'
    from generate_series(1, 300) g`);
  const [a, b] = await queryRows<{ id: number }>(db, sql`insert into users (email, first_name, last_name) values ('albums1@sorts.test', 'Al', 'Bum'), ('albums2@sorts.test', 'Bo', 'Bum') returning id`);
  writer = { ...staff, userId: a.id, roles: [ROLES.NEWS_CONTRIBUTOR] };
  await db.execute(sql`
    insert into news_albums (name, user_id, created_at)
    select 'Album ' || g, case when g % 2 = 0 then ${a.id}::int else ${b.id}::int end, timestamptz '2026-01-01T00:00:00Z' + (g % 60) * interval '1 minute'
    from generate_series(1, 300) g`);
  for (const table of ['ads', 'news_channels', 'news_albums']) await db.execute(sql.raw(`analyze ${table}`));
}, 60_000);

type AdKeyRow = { id: number; name: string; advertiser: string; status: string; starts_at: Date; ends_at: Date | null; impressions: number; clicks: number; weight: number; created_at: Date };

/** A sort key of an ad as the grid means it: null for an end date never set and a CTR before any impression. */
function adKey(a: AdKeyRow, field: (typeof AD_ORDER_FIELDS)[number]): number | string | null {
  switch (field) {
    case 'created_at':
    case 'starts_at':
      return new Date(a[field]).getTime();
    case 'ends_at':
      return a.ends_at === null ? null : new Date(a.ends_at).getTime();
    case 'status':
      return STATUS_VALUES.indexOf(a.status as never);
    case 'ctr':
      return Number(a.impressions) === 0 ? null : Math.min(Number(a.clicks), Number(a.impressions)) / Number(a.impressions);
    case 'impressions':
    case 'clicks':
    case 'weight':
      return Number(a[field]);
    default:
      return a[field];
  }
}

/** Ids ordered by one key in a direction, nulls last either way, ties by id in the same direction. */
function expectedOrder<T extends { id: number }>(rows: T[], key: (r: T) => number | string | null, direction: 'asc' | 'desc') {
  const sign = direction === 'asc' ? 1 : -1;
  return [...rows]
    .sort((x, y) => {
      const [kx, ky] = [key(x), key(y)];
      if (kx === null || ky === null) return kx === ky ? sign * (x.id - y.id) : kx === null ? 1 : -1;
      if (kx !== ky) return sign * (kx < ky ? -1 : 1);
      return sign * (x.id - y.id);
    })
    .map((r) => r.id);
}

async function allPages(read: (page: { offset: number; limit: number }) => Promise<{ items: { id: number }[] }>) {
  const ids: number[] = [];
  for (let offset = 0; ; offset += 100) {
    const { items } = await read({ offset, limit: 100 });
    ids.push(...items.map((i) => i.id));
    if (items.length < 100) return ids;
  }
}

describe.each(AD_ORDER_FIELDS.flatMap((field) => (['asc', 'desc'] as const).map((direction) => [field, direction] as const)))('the ads grid sorted by %s %s', (field, direction) => {
  const input = () => searchAdsSchema.parse({ orders: [{ field, direction }] });
  const index = { created_at: 'ads_list_created_idx', name: 'ads_list_name_idx', advertiser: 'ads_list_advertiser_idx', status: 'ads_list_status_idx', starts_at: 'ads_list_starts_idx', ends_at: 'ads_list_ends_idx', impressions: 'ads_list_impressions_idx', clicks: 'ads_list_clicks_idx', ctr: 'ads_list_ctr_idx', weight: 'ads_list_weight_idx' }[field];

  it('orders every ad, nulls last, ties by id', async () => {
    const rows = await queryRows<AdKeyRow>(db, sql`select id, name, advertiser, status, starts_at, ends_at, impressions, clicks, weight, created_at from ads`);
    const got = await allPages((page) => searchAds(db, staff, input(), page));
    expect(got).toEqual(expectedOrder(rows, (r) => adKey(r, field), direction));
  });

  it('reads its first page from an index in that order', async () => {
    const nullableDesc = direction === 'desc' && (field === 'ends_at' || field === 'ctr');
    await expectIndexOrder((d) => searchAds(d, staff, input(), { offset: 0, limit: 20 }), nullableDesc ? index.replace(/_idx$/, '_desc_idx') : index);
  });
});

describe('ad media', () => {
  it("the in-use check of a media delete finds the ad that names the file through an index, not by reading every ad", async () => {
    const file = 'abcdefabcdefabcdefabcdef.webp';
    await db.execute(sql`update ads set media_file = ${file}, media_type = 'image' where id = (select min(id) from ads)`);
    let refused: unknown;
    const statements = await recorded((d) => deleteAdMedia(d, staff, file).catch((e: unknown) => void (refused = e)));
    expect(refused).toMatchObject({ status: 409, message: MEDIA_MESSAGES.inUse });
    const lookup = statements.find((s) => /"media_file" = /.test(s.query))!;
    expect(await explain(lookup)).toMatch(/Index (Only )?Scan using ads_media_file_idx/);
  });
});

describe('the ads grid', () => {
  it('reads its default order (newest first) from an index', async () => {
    await expectIndexOrder((d) => searchAds(d, staff, searchAdsSchema.parse({}), { offset: 0, limit: 20 }), 'ads_list_created_idx');
  });

  it('filters the headline with the trigram index', async () => {
    const statements = await recorded((d) => searchAds(d, staff, searchAdsSchema.parse({ filters: [{ field: 'headline', operator: 'ilike', value: 'line 12' }] }), { offset: 0, limit: 20 }));
    // The count of the matches (its page may rather walk the newest ads until it has 20, as here).
    const page = statements.find((s) => /capped/i.test(s.query))!;
    const client = (db as unknown as { $client: unknown }).$client;
    // Bitmap scans on (the trigram index's only way in), sequential scans off.
    const query = `explain ${page.query}`;
    const plan = process.env.DATABASE_URL
      ? await (async () => {
          const c = await (client as import('pg').Pool).connect();
          try {
            await c.query('begin');
            await c.query('set local enable_seqscan = off');
            return (await c.query(query, page.params as unknown[])).rows.map((r: Record<string, string>) => r['QUERY PLAN']).join('\n');
          } finally {
            await c.query('rollback');
            c.release();
          }
        })()
      : ((await (client as import('@electric-sql/pglite').PGlite).transaction(async (tx) => {
          await tx.exec('set local enable_seqscan = off');
          const r = await tx.query<Record<string, string>>(query, page.params as unknown[]);
          await tx.rollback();
          return r.rows.map((row) => row['QUERY PLAN']).join('\n');
        })) as string);
    expect(plan).toMatch(/ads_headline_trgm_idx/);
    const found = await searchAds(db, staff, searchAdsSchema.parse({ filters: [{ field: 'headline', operator: 'ilike', value: 'line 12' }] }), { offset: 0, limit: 100 });
    expect(found.items.length).toBeGreaterThan(0);
    expect(found.items.every((a) => a.headline.includes('line 12'))).toBe(true);
  });
});

describe.each([
  ['created_at', 'asc'],
  ['created_at', 'desc'],
  ['name', 'asc'],
  ['name', 'desc'],
  ['channel_type', 'asc'],
  ['channel_type', 'desc'],
] as const)('the news channel search sorted by %s %s', (field, direction) => {
  const input = () => channelSearchSchema.parse({ orders: [{ field, direction }] });
  const index = { created_at: 'news_channels_created_idx', name: 'news_channels_name_idx', channel_type: 'news_channels_type_idx' }[field];

  it('orders every channel, ties by id', async () => {
    const rows = await queryRows<{ id: number; created_at: Date; name: string; channel_type: string }>(db, sql`select id, created_at, name, channel_type from news_channels`);
    const key = (r: (typeof rows)[number]) => (field === 'created_at' ? new Date(r.created_at).getTime() : r[field]);
    expect(await allPages((page) => searchChannels(db, staff, input(), page))).toEqual(expectedOrder(rows, key, direction));
  });

  it('reads its first page from an index in that order', async () => {
    await expectIndexOrder((d) => searchChannels(d, staff, input(), { offset: 0, limit: 10 }), index);
  });
});

describe('the news channel search by default, and the albums', () => {
  it('channels: newest first from an index', async () => {
    const rows = await queryRows<{ id: number; created_at: Date }>(db, sql`select id, created_at from news_channels`);
    expect(await allPages((page) => searchChannels(db, staff, channelSearchSchema.parse({}), page))).toEqual(expectedOrder(rows, (r) => new Date(r.created_at).getTime(), 'desc'));
    await expectIndexOrder((d) => searchChannels(d, staff, channelSearchSchema.parse({}), { offset: 0, limit: 10 }), 'news_channels_created_idx');
  });

  it("a news admin's albums (all) and a writer's own, newest first, from an index", async () => {
    const rows = await queryRows<{ id: number; created_at: Date; user_id: number }>(db, sql`select id, created_at, user_id from news_albums`);
    const newest = (list: typeof rows) => expectedOrder(list, (r) => new Date(r.created_at).getTime(), 'desc');
    expect(await allPages((page) => listAlbums(db, staff, page))).toEqual(newest(rows));
    expect(await allPages((page) => listAlbums(db, writer, page))).toEqual(newest(rows.filter((r) => r.user_id === writer.userId)));
    await expectIndexOrder((d) => listAlbums(d, staff, { offset: 0, limit: 10 }), 'news_albums_created_idx');
    await expectIndexOrder((d) => listAlbums(d, writer, { offset: 0, limit: 10 }), 'news_albums_user_idx');
  });
});
