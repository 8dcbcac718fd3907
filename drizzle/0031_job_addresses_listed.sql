-- Whether each job address belongs to a listed job (lib/db/schema/jobs.ts, job_addresses.listed),
-- and the nearest-first index over those addresses alone. The Drivers Portal's best matches and its
-- radius search read the addresses nearest home through a gist index over every address, looked
-- each one's job up and dropped those of ended jobs: with 95 of 100 jobs expired (a board a few
-- months old) a page read twenty addresses for each it kept, 7.9 → 51 ms at 100,000 jobs.
--
-- listed is publicCondition (lib/jobs/public.ts) without its clock: a job whose expiration date has
-- passed stays listed until the tick expires it (active false), and every reader still applies
-- publicCondition itself. The flag only leaves out what publicCondition would drop anyway.
-- Writes to jobs wait from here until the pending migrations commit (the triggers below would take
-- this lock anyway): a change of a job's state committed after the fill's snapshot and before its
-- trigger existed would otherwise leave its addresses' flags wrong for good.
LOCK TABLE "jobs" IN SHARE ROW EXCLUSIVE MODE;--> statement-breakpoint
-- The old index first: the fill then does not update it for nothing.
DROP INDEX "job_addresses_earth_idx";--> statement-breakpoint
ALTER TABLE "job_addresses" ADD COLUMN "listed" boolean DEFAULT false NOT NULL;--> statement-breakpoint
UPDATE "job_addresses" a SET "listed" = true FROM "jobs" j
WHERE j."id" = a."job_id" AND j."approved" AND j."active" AND NOT j."suspended"
  AND j."payment_status" IN ('paid', 'invoiced') AND j."closed_at" IS NULL AND j."cancelled_at" IS NULL;--> statement-breakpoint
-- An address takes the flag from its job when it is written, reading the job's row FOR SHARE: a
-- change of the job's state holds the row until it commits, and a locking read that waited for it
-- reads the row as committed; that change rewrites the flags of the addresses there are then. So an
-- address inserted while the job was being closed is not left listed, either way round. Writing
-- listed directly is overruled the same way.
CREATE OR REPLACE FUNCTION tna_job_address_listed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  SELECT coalesce(j.approved AND j.active AND NOT j.suspended AND j.payment_status IN ('paid', 'invoiced')
      AND j.closed_at IS NULL AND j.cancelled_at IS NULL, false)
    INTO NEW.listed FROM jobs j WHERE j.id = NEW.job_id FOR SHARE;
  NEW.listed := coalesce(NEW.listed, false);
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER job_addresses_listed BEFORE INSERT OR UPDATE OF job_id, listed ON job_addresses
  FOR EACH ROW EXECUTE FUNCTION tna_job_address_listed();--> statement-breakpoint
-- A job's change of state rewrites its addresses' flags (each recomputed by the trigger above).
CREATE OR REPLACE FUNCTION tna_job_listed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE job_addresses SET listed = NOT listed WHERE job_id = NEW.id;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER jobs_listed AFTER UPDATE OF approved, active, suspended, payment_status, closed_at, cancelled_at ON jobs
  FOR EACH ROW WHEN (
    (OLD.approved AND OLD.active AND NOT OLD.suspended AND OLD.payment_status IN ('paid', 'invoiced') AND OLD.closed_at IS NULL AND OLD.cancelled_at IS NULL)
    IS DISTINCT FROM
    (NEW.approved AND NEW.active AND NOT NEW.suspended AND NEW.payment_status IN ('paid', 'invoiced') AND NEW.closed_at IS NULL AND NEW.cancelled_at IS NULL)
  )
  EXECUTE FUNCTION tna_job_listed();--> statement-breakpoint
-- The index of migration 0026, over listed addresses only; INCLUDE keeps the scans index-only.
CREATE INDEX "job_addresses_listed_earth_idx" ON "job_addresses" USING gist (ll_to_earth("latitude", "longitude")) INCLUDE ("job_id", "latitude", "longitude", "paid_through") WHERE "job_addresses"."listed";
