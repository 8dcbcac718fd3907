import { and, asc, desc, eq, ilike, not, sql, type SQL } from 'drizzle-orm';
import type { Actor } from '@/lib/auth/actor';
import { recordAudit, recordEdit } from '@/lib/audit';
import { changedFields } from '@/lib/audit/changed-fields';
import type { Database } from '@/lib/db/client';
import { countUpTo } from '@/lib/db/count';
import { newsChannels } from '@/lib/db/schema';
import { notFound, unprocessable } from '@/lib/errors';
import { assertNewsAdmin, assertReader } from './access';
import type { ChannelInput, ChannelSearch } from './schemas';
import { newsChanged } from '@/lib/cache/tags';
import { CREATED_FILTER_MESSAGE, createdDatePrefix } from '@/lib/admin/company-search';
import { textFilter } from '@/lib/admin/filters';
import { portalIsoDaySql } from '@/lib/db/portal-day-sql';

type ChannelRow = typeof newsChannels.$inferSelect;

/** A channel as the API answers it (snake_case, jobs spec §3). */
export function channelView(c: ChannelRow) {
  return {
    id: c.id,
    channel_type: c.channelType,
    name: c.name,
    description: c.description,
    is_active: c.isActive,
    created_at: c.createdAt.toISOString(),
    updated_at: c.updatedAt.toISOString(),
  };
}
export type ChannelView = ReturnType<typeof channelView>;

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

const COLUMNS = {
  name: newsChannels.name,
  channel_type: newsChannels.channelType,
  is_active: newsChannels.isActive,
  created_at: newsChannels.createdAt,
} as const;

function condition({ field, operator, value }: ChannelSearch['filters'][number]): SQL {
  const column = COLUMNS[field];
  if (field === 'is_active') {
    // A yes/no answer: equals (or contains) keeps the value, does-not-contain the other one.
    if (operator === 'greater_than' || operator === 'less_than') throw unprocessable('Filter is_active with equals, ilike or not_ilike.', 'filters');
    if (![true, false, 'true', 'false'].includes(value as never)) throw unprocessable('Filter is_active by true or false.', 'filters');
    const active = value === true || value === 'true';
    return eq(newsChannels.isActive, operator === 'not_ilike' ? !active : active);
  }
  if (field === 'created_at') {
    if (operator === 'less_than' || operator === 'greater_than') {
      const when = new Date(String(value));
      const year = when.getUTCFullYear();
      if (typeof value !== 'string' || Number.isNaN(when.getTime()) || year < 1970 || year > 9999) throw unprocessable('Filter created_at by an ISO date, e.g. 2026-01-31.', 'filters');
      return operator === 'less_than' ? sql`${column} < ${when}` : sql`${column} > ${when}`;
    }
    // A day, as the companies grid matches one: the whole day in the portal's zone, the day the
    // screens print. Compared with its midnight, equals found nothing (created_at has microseconds)
    // and does-not-contain kept only that midnight out.
    const day = createdDatePrefix(String(value).trim());
    if (!day) throw unprocessable(CREATED_FILTER_MESSAGE, 'filters');
    return textFilter(portalIsoDaySql(column), operator, day)!;
  }
  const text = String(value);
  if (operator === 'ilike') return ilike(column, `%${escapeLike(text)}%`);
  if (operator === 'not_ilike') return not(ilike(column, `%${escapeLike(text)}%`));
  if (operator === 'greater_than') return sql`${column} > ${text}`;
  if (operator === 'less_than') return sql`${column} < ${text}`;
  return eq(column, text);
}

/** POST /news/channels/search: filters and orders like the companies search; newest first by default. */
export async function searchChannels(db: Database, actor: Actor | null, input: ChannelSearch, page: { offset: number; limit: number }) {
  assertReader(actor);
  const where = input.filters.length ? and(...input.filters.map(condition)) : undefined;
  // Ties by id in the direction of the last order, so one order is exactly an index read forwards
  // or backwards (news_channels_created_idx, _name_idx, _type_idx: `column, id`).
  const orders = input.orders.length ? input.orders.map((o) => (o.direction === 'asc' ? asc(COLUMNS[o.field]) : desc(COLUMNS[o.field]))) : [desc(newsChannels.createdAt)];
  const tie = input.orders.at(-1)?.direction === 'asc' ? asc(newsChannels.id) : desc(newsChannels.id);
  const [rows, counted] = await Promise.all([
    db.select().from(newsChannels).where(where).orderBy(...orders, tie).offset(page.offset).limit(page.limit),
    countUpTo(db, db.select({ one: sql`1` }).from(newsChannels).where(where), page),
  ]);
  return { items: rows.map(channelView), pagination: { ...page, ...counted } };
}

export async function channelOrThrow(db: Database, id: number): Promise<ChannelRow> {
  const [row] = await db.select().from(newsChannels).where(eq(newsChannels.id, id));
  if (!row) throw notFound('Channel not found.');
  return row;
}

export async function getChannel(db: Database, actor: Actor | null, id: number) {
  assertReader(actor);
  return channelView(await channelOrThrow(db, id));
}

export async function createChannel(db: Database, actor: Actor | null, input: Required<Pick<ChannelInput, 'name' | 'channel_type'>> & ChannelInput) {
  const a = assertNewsAdmin(actor);
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(newsChannels)
      .values({ name: input.name, channelType: input.channel_type, description: input.description ?? null, isActive: input.is_active ?? true })
      .returning();
    await recordAudit(tx, { actorUserId: a.userId, action: 'news_channel.create', subjectType: 'news_channel', subjectId: row.id });
    return channelView(row);
  });
}

export async function updateChannel(db: Database, actor: Actor | null, id: number, input: ChannelInput) {
  const a = assertNewsAdmin(actor);
  const current = await channelOrThrow(db, id);
  const patch = {
    name: input.name,
    channelType: input.channel_type,
    description: input.description === undefined ? undefined : (input.description ?? null),
    isActive: input.is_active,
  };
  const fields = changedFields(patch, current, { name: 'name', channelType: 'channel_type', description: 'description', isActive: 'is_active' });
  const view = await db.transaction(async (tx) => {
    const [row] = await tx
      .update(newsChannels)
      .set({ ...patch, updatedAt: sql`now()` })
      .where(eq(newsChannels.id, id))
      .returning();
    await recordEdit(tx, { actorUserId: a.userId, action: 'news_channel.update', subjectType: 'news_channel', subjectId: id, fields });
    return channelView(row);
  });
  // Every post page shows its channel's name, and a deactivated channel's posts leave the site.
  newsChanged();
  return view;
}

/** DELETE /news/channels/{id}: deactivates (posts keep their channel; contributors can no longer write there). */
export function deactivateChannel(db: Database, actor: Actor | null, id: number) {
  return updateChannel(db, actor, id, { is_active: false });
}
