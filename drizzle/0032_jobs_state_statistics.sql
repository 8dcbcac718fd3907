-- The planner's count of live jobs. Every list of public jobs says approved, active, not suspended,
-- paid or invoiced (publicCondition, lib/jobs/public.ts); the planner multiplied those as if they
-- were independent, but approved and active are set and cleared together. Where 5,000 of 100,000
-- jobs are live (most have expired, as on any board a few months old) it counted 0.05 × 0.05 of
-- them and chose plans for a few hundred rows: the Drivers Portal job search's fifth page read every
-- live job with its first address and sorted them. Statistics on the columns together (their most
-- common combinations) give it the count; analyze keeps them (autovacuum, and on the embedded
-- database lib/db/embedded-upkeep.ts).
CREATE STATISTICS IF NOT EXISTS "jobs_state_stats" (mcv) ON "approved", "active", "suspended", "payment_status" FROM "jobs";--> statement-breakpoint
ANALYZE "jobs";
