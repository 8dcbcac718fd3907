import { eq } from 'drizzle-orm';
import type { Actor } from '@/lib/auth/actor';
import { recordAudit } from '@/lib/audit';
import type { Database } from '@/lib/db/client';
import { adSettings } from '@/lib/db/schema';
import { assertAdsRole } from './access';
import type { HomeRotationOrder } from './codes';
import type { AdSettingsView } from './settings-types';
import type { AdSettingsInput } from './schemas';

export type { AdSettingsView } from './settings-types';

type Row = typeof adSettings.$inferSelect;

const serialize = (r: Row): AdSettingsView => ({
  enabled_placements: r.enabledPlacements,
  ads_per_page: r.adsPerPage,
  max_daily_views_per_viewer: r.maxDailyViewsPerViewer,
  home_ads_count: r.homeAdsCount,
  home_rotation_seconds: r.homeRotationSeconds,
  home_rotation_order: r.homeRotationOrder as HomeRotationOrder,
  updated_at: r.updatedAt.toISOString(),
});

/** The one settings row, created with the defaults on first read. */
export async function readAdSettings(db: Database): Promise<Row> {
  const [row] = await db.select().from(adSettings).where(eq(adSettings.id, 1)).limit(1);
  if (row) return row;
  await db.insert(adSettings).values({ id: 1 }).onConflictDoNothing();
  const [created] = await db.select().from(adSettings).where(eq(adSettings.id, 1)).limit(1);
  return created;
}

/** GET /ads/settings. */
export async function getAdSettings(db: Database, actor: Actor | null) {
  assertAdsRole(actor);
  return serialize(await readAdSettings(db));
}

/** PATCH /ads/settings: the fields given; the rest stay. */
export async function updateAdSettings(db: Database, actor: Actor | null, input: AdSettingsInput, now = new Date()) {
  assertAdsRole(actor);
  await readAdSettings(db);
  const changes: Partial<typeof adSettings.$inferInsert> = {};
  if (input.enabled_placements !== undefined) changes.enabledPlacements = input.enabled_placements;
  if (input.ads_per_page !== undefined) changes.adsPerPage = input.ads_per_page;
  if (input.max_daily_views_per_viewer !== undefined) changes.maxDailyViewsPerViewer = input.max_daily_views_per_viewer;
  if (input.home_ads_count !== undefined) changes.homeAdsCount = input.home_ads_count;
  if (input.home_rotation_seconds !== undefined) changes.homeRotationSeconds = input.home_rotation_seconds;
  if (input.home_rotation_order !== undefined) changes.homeRotationOrder = input.home_rotation_order;
  return db.transaction(async (tx) => {
    const [row] = await tx.update(adSettings).set({ ...changes, updatedBy: actor.userId, updatedAt: now }).where(eq(adSettings.id, 1)).returning();
    await recordAudit(tx as unknown as Database, { actorUserId: actor.userId, impersonatorId: actor.impersonatorId, action: 'ad_settings.update', subjectType: 'ad_settings', subjectId: 1, details: { fields: Object.keys(changes) } });
    return serialize(row);
  });
}
