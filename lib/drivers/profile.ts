import { assertVersion, versionOf } from '@/lib/api/if-match';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Database } from '@/lib/db/client';
import { accountIsLive } from '@/lib/accounts/live-account';
import { driverProfiles, users, type DriverProfileRow } from '@/lib/db/schema';
import { recordEdit } from '@/lib/audit';
import { changedFields } from '@/lib/audit/changed-fields';
import { notFound, unauthorized, unprocessable } from '@/lib/errors';
import { stripCountryCode, toE164 } from '@/lib/auth/phone';
import { lookupZip } from '@/lib/geo/gazetteer';
import type { Actor } from '@/lib/auth/actor';
import type { MatchProfile } from './match';
import { PROFILE_MESSAGES, driverProfilePatchSchema, type DriverProfilePatch } from './schemas';

/**
 * PATCH /members/me's body: the profile schema with a home ZIP the gazetteer knows, checked as a
 * field rule so an unknown ZIP is reported with the other fields' errors, not only after they are
 * fixed. (The gazetteer is server-only data; the shared schema checks the ZIP's form.)
 */
export const driverProfileBodySchema = driverProfilePatchSchema.extend({
  zip_code: driverProfilePatchSchema.shape.zip_code.refine((zip) => typeof zip !== 'string' || !/^\d{5}$/.test(zip) || lookupZip(zip) !== undefined, {
    error: PROFILE_MESSAGES.zipUnknown,
  }),
});

/*
 * The driver's own profile: names and phone live on the user, everything else in driver_profiles
 * (one row, made on the first save). The home ZIP is located through the offline gazetteer, which
 * derives city, state and the coordinates that distances are measured from.
 */

/** The answers that make a profile complete, with the label the driver sees for a missing one. */
const COMPLETENESS: readonly { key: string; label: string; done: (p: DriverProfileView) => boolean }[] = [
  { key: 'phone', label: 'Phone', done: (p) => Boolean(p.phone) },
  { key: 'cdl_status', label: 'CDL status', done: (p) => p.cdl_status != null },
  { key: 'endorsements', label: 'Endorsements', done: (p) => p.endorsements.length > 0 || p.cdl_status === 'none' },
  { key: 'years_of_experience', label: 'Years of experience', done: (p) => p.years_of_experience != null },
  { key: 'experience', label: 'Experience', done: (p) => p.experience != null },
  { key: 'work_experiences', label: 'Work experiences', done: (p) => p.work_experiences.length > 0 },
  { key: 'home_time', label: 'Preferred home time', done: (p) => p.home_time != null },
  { key: 'zip_code', label: 'Home ZIP code', done: (p) => p.zip_code != null },
  { key: 'travel_distance', label: 'Travel distance', done: (p) => p.travel_distance != null },
];

export type DriverProfileView = {
  first_name: string;
  last_name: string;
  email: string;
  phone: string | null;
  cdl_status: DriverProfileRow['cdlStatus'];
  endorsements: DriverProfileRow['endorsements'];
  years_of_experience: number | null;
  experience: DriverProfileRow['experience'];
  work_experiences: DriverProfileRow['workExperiences'];
  owner_operator: boolean;
  home_time: DriverProfileRow['homeTime'];
  street1: string | null;
  street2: string | null;
  zip_code: string | null;
  city: string | null;
  state: string | null;
  travel_distance: number | null;
  birth_date: string | null;
  /** The profile's version, for If-Match on PATCH (null before a first save). */
  updated_at: string | null;
};

/** How complete a profile is: the percent of COMPLETENESS answered and the labels still missing. */
export function profileCompleteness(p: DriverProfileView) {
  const missing = COMPLETENESS.filter((c) => !c.done(p));
  return { percent: Math.round(((COMPLETENESS.length - missing.length) / COMPLETENESS.length) * 100), missing: missing.map((m) => m.label) };
}

function view(user: { firstName: string; lastName: string; email: string; phone: string | null }, row: DriverProfileRow | undefined): DriverProfileView {
  return {
    first_name: user.firstName,
    last_name: user.lastName,
    email: user.email,
    phone: stripCountryCode(user.phone),
    cdl_status: row?.cdlStatus ?? null,
    endorsements: row?.endorsements ?? [],
    years_of_experience: row?.yearsOfExperience ?? null,
    experience: row?.experience ?? null,
    work_experiences: row?.workExperiences ?? [],
    owner_operator: row?.ownerOperator ?? false,
    home_time: row?.homeTime ?? null,
    street1: row?.street1 ?? null,
    street2: row?.street2 ?? null,
    zip_code: row?.zipCode ?? null,
    city: row?.city ?? null,
    state: row?.state ?? null,
    travel_distance: row?.travelDistance ?? null,
    birth_date: row?.birthDate ?? null,
    updated_at: row?.updatedAt ? versionOf(row.updatedAt) : null,
  };
}

/** A driver's profile as the API and the settings form read it, with its completeness. */
export async function getDriverProfile(db: Database, userId: number) {
  const [hit] = await db
    .select({ user: { firstName: users.firstName, lastName: users.lastName, email: users.email, phone: users.phone }, profile: driverProfiles })
    .from(users)
    .leftJoin(driverProfiles, eq(driverProfiles.userId, users.id))
    .where(and(eq(users.id, userId), isNull(users.deletedAt)));
  if (!hit) throw notFound('User not found.');
  const profile = view(hit.user, hit.profile ?? undefined);
  return { ...profile, profile_completeness: profileCompleteness(profile) };
}
export type DriverProfile = Awaited<ReturnType<typeof getDriverProfile>>;

/** The profile row's match inputs plus the home coordinates (null when the driver has no profile yet). */
export async function matchProfileOf(db: Database, userId: number): Promise<(MatchProfile & { latitude: number | null; longitude: number | null }) | null> {
  const [row] = await db.select().from(driverProfiles).where(eq(driverProfiles.userId, userId));
  if (!row) return null;
  return {
    cdlStatus: row.cdlStatus,
    endorsements: row.endorsements,
    yearsOfExperience: row.yearsOfExperience,
    experience: row.experience,
    workExperiences: row.workExperiences,
    homeTime: row.homeTime,
    travelDistance: row.travelDistance,
    latitude: row.latitude,
    longitude: row.longitude,
  };
}

/** The profile columns a save copies as sent, by their API names (the ZIP code is looked up). */
const PROFILE_COPIED = {
  cdlStatus: 'cdl_status',
  endorsements: 'endorsements',
  yearsOfExperience: 'years_of_experience',
  experience: 'experience',
  workExperiences: 'work_experiences',
  ownerOperator: 'owner_operator',
  homeTime: 'home_time',
  street1: 'street1',
  street2: 'street2',
  travelDistance: 'travel_distance',
  birthDate: 'birth_date',
} as const;

/** PATCH /members/me: changes only the fields sent; '' or null clears an optional answer. */
export async function updateDriverProfile(db: Database, actor: Actor, patch: DriverProfilePatch, ctx: { ip?: string; expectedVersion?: string | null } = {}) {
  const userSet: Partial<typeof users.$inferInsert> = {};
  if (patch.first_name !== undefined) userSet.firstName = patch.first_name;
  if (patch.last_name !== undefined) userSet.lastName = patch.last_name;
  if (patch.phone !== undefined) userSet.phone = toE164(patch.phone);

  const set: Partial<typeof driverProfiles.$inferInsert> = {};
  for (const [column, key] of Object.entries(PROFILE_COPIED) as [keyof typeof PROFILE_COPIED, keyof DriverProfilePatch][]) {
    if (patch[key] !== undefined) (set as Record<string, unknown>)[column] = patch[key];
  }
  if (patch.zip_code !== undefined) {
    if (patch.zip_code === null) Object.assign(set, { zipCode: null, city: null, state: null, latitude: null, longitude: null });
    else {
      const place = lookupZip(patch.zip_code);
      if (!place) throw unprocessable(PROFILE_MESSAGES.zipUnknown, 'zip_code');
      Object.assign(set, { zipCode: place.zipCode, city: place.city, state: place.state, latitude: place.coordinates.lat, longitude: place.coordinates.lng });
    }
  }

  await db.transaction(async (tx) => {
    const t = tx as unknown as Database;
    // What the row held, so that the entry names only what really changes. The account is locked
    // first, as deleteAccount and a new application lock it (the sort keys' triggers, migration
    // 0025): the same order everywhere, so two of them never wait on each other's rows.
    const [before] = await t
      .select({ user: { firstName: users.firstName, lastName: users.lastName, phone: users.phone }, live: accountIsLive(), profile: driverProfiles })
      .from(users)
      .leftJoin(driverProfiles, eq(driverProfiles.userId, users.id))
      .where(eq(users.id, actor.userId))
      .for('no key update', { of: users });
    // An edit that waited behind the account's deletion would write the erased name and home back.
    if (!before?.live) throw unauthorized();
    // Refused (412) when the profile was saved elsewhere since the caller read it; the transaction undoes nothing yet.
    if (ctx.expectedVersion != null) assertVersion(ctx.expectedVersion, before.profile?.updatedAt, 'profile');
    const fields = [
      ...changedFields(userSet, before.user, { firstName: 'first_name', lastName: 'last_name', phone: 'phone' }),
      ...changedFields(set, before.profile ?? {}, { ...PROFILE_COPIED, zipCode: 'zip_code' }),
    ];
    if (Object.keys(userSet).length) await t.update(users).set({ ...userSet, updatedAt: sql`now()` }).where(eq(users.id, actor.userId));
    await t
      .insert(driverProfiles)
      .values({ userId: actor.userId, ...set })
      .onConflictDoUpdate({ target: driverProfiles.userId, set: { ...set, updatedAt: sql`now()` } });
    await recordEdit(t, { actorUserId: actor.userId, impersonatorId: actor.impersonatorId, action: 'driver_profile.update', subjectType: 'user', subjectId: actor.userId, fields, ip: ctx.ip });
  });
  return getDriverProfile(db, actor.userId);
}
