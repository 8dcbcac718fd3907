-- Ads on a Company Portal page (docs/ads.md): the placement company_job_detail, on an employer's job
-- detail page, for employers' ads. The migrator applies every pending migration in one transaction,
-- and a value added there cannot be used before it commits: so nothing here uses it. The settings'
-- default lists every placement when a row is made (enum_range, evaluated then); a settings row that
-- already exists keeps its list, and the ads admin ticks the new placement in /ads/settings.
ALTER TYPE "public"."ad_placement" ADD VALUE 'company_job_detail';--> statement-breakpoint
ALTER TABLE "ad_settings" ALTER COLUMN "enabled_placements" SET DEFAULT enum_range(null::ad_placement);