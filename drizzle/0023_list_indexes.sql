DROP INDEX "ads_name_idx";--> statement-breakpoint
DROP INDEX "ads_advertiser_idx";--> statement-breakpoint
DROP INDEX "ads_ends_idx";--> statement-breakpoint
DROP INDEX "ads_weight_idx";--> statement-breakpoint
DROP INDEX "ads_ctr_idx";--> statement-breakpoint
DROP INDEX "ads_created_idx";--> statement-breakpoint
DROP INDEX "ads_starts_idx";--> statement-breakpoint
DROP INDEX "ads_impressions_idx";--> statement-breakpoint
DROP INDEX "ads_clicks_idx";--> statement-breakpoint
DROP INDEX "applications_job_distance_idx";--> statement-breakpoint
DROP INDEX "applications_job_stage_idx";--> statement-breakpoint
DROP INDEX "news_albums_user_idx";--> statement-breakpoint
DROP INDEX "news_channels_created_idx";--> statement-breakpoint
DROP INDEX "news_channels_name_idx";--> statement-breakpoint
ALTER TABLE "ad_views" ADD COLUMN "impression_counted" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE INDEX "email_outbox_to_trgm_idx" ON "email_outbox" USING gin (("to_address"::text) gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "users_name_trgm_idx" ON "users" USING gin (("first_name" || ' ' || "last_name") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "users_email_trgm_idx" ON "users" USING gin (("email"::text) gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "users_billing_customer_trgm_idx" ON "users" USING gin (coalesce("billing_customer_id", '') gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "applications_job_distance_desc_idx" ON "applications" USING btree ("job_id","distance_miles" DESC NULLS LAST,"created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "applications_job_stage_desc_idx" ON "applications" USING btree ("job_id","stage" DESC NULLS LAST,"created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "applications_job_within_idx" ON "applications" USING btree ("job_id","within_range","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "applications_job_within_desc_idx" ON "applications" USING btree ("job_id","within_range" DESC NULLS LAST,"created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "ads_headline_trgm_idx" ON "ads" USING gin ("headline" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "ads_list_created_idx" ON "ads" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "ads_list_name_idx" ON "ads" USING btree ("name","id");--> statement-breakpoint
CREATE INDEX "ads_list_advertiser_idx" ON "ads" USING btree ("advertiser","id");--> statement-breakpoint
CREATE INDEX "ads_list_status_idx" ON "ads" USING btree ("status","id");--> statement-breakpoint
CREATE INDEX "ads_list_starts_idx" ON "ads" USING btree ("starts_at","id");--> statement-breakpoint
CREATE INDEX "ads_list_ends_idx" ON "ads" USING btree ("ends_at","id");--> statement-breakpoint
CREATE INDEX "ads_list_ends_desc_idx" ON "ads" USING btree ("ends_at" DESC NULLS LAST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "ads_list_impressions_idx" ON "ads" USING btree ("impressions","id");--> statement-breakpoint
CREATE INDEX "ads_list_clicks_idx" ON "ads" USING btree ("clicks","id");--> statement-breakpoint
CREATE INDEX "ads_list_weight_idx" ON "ads" USING btree ("weight","id");--> statement-breakpoint
CREATE INDEX "ads_list_ctr_idx" ON "ads" USING btree ((least("clicks", "impressions")::float8 / nullif("impressions", 0)),"id");--> statement-breakpoint
CREATE INDEX "ads_list_ctr_desc_idx" ON "ads" USING btree ((least("clicks", "impressions")::float8 / nullif("impressions", 0)) desc nulls last,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "news_albums_created_idx" ON "news_albums" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "news_channels_type_idx" ON "news_channels" USING btree ("channel_type","id");--> statement-breakpoint
CREATE INDEX "applications_job_distance_idx" ON "applications" USING btree ("job_id","distance_miles","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "applications_job_stage_idx" ON "applications" USING btree ("job_id","stage","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "news_albums_user_idx" ON "news_albums" USING btree ("user_id","created_at","id");--> statement-breakpoint
CREATE INDEX "news_channels_created_idx" ON "news_channels" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "news_channels_name_idx" ON "news_channels" USING btree ("name","id");