-- The addresses' nearest-first index carries what the best matches' scan reads (lib/drivers/jobs.ts
-- nearestPublicJobsSql): the job, the coordinates and the paid-through date, so that scan is an
-- index-only scan. Reading each of the 500 nearest addresses from the table was most of the best
-- matches' time at 100,000 jobs (4.2 against 1.4 ms for the scan; docs/benchmarks.md). drizzle's
-- schema cannot say INCLUDE: lib/db/schema/jobs.ts declares the index without it, and this
-- migration is its definition.
DROP INDEX IF EXISTS "job_addresses_earth_idx";--> statement-breakpoint
CREATE INDEX "job_addresses_earth_idx" ON "job_addresses" USING gist (ll_to_earth("latitude", "longitude")) INCLUDE ("job_id", "latitude", "longitude", "paid_through");
