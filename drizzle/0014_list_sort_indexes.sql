DROP INDEX "companies_created_idx";--> statement-breakpoint
DROP INDEX "email_outbox_to_idx";--> statement-breakpoint
DROP INDEX "users_company_idx";--> statement-breakpoint
DROP INDEX "invoices_company_idx";--> statement-breakpoint
DROP INDEX "audit_log_created_idx";--> statement-breakpoint
DROP INDEX "applications_user_created_idx";--> statement-breakpoint
DROP INDEX "news_posts_channel_idx";--> statement-breakpoint
DROP INDEX "news_posts_published_idx";--> statement-breakpoint
CREATE INDEX "companies_list_name_idx" ON "companies" USING btree (lower("company_name"),"id");--> statement-breakpoint
CREATE INDEX "companies_list_type_idx" ON "companies" USING btree ("type","id");--> statement-breakpoint
CREATE INDEX "companies_list_billing_idx" ON "companies" USING btree ("billing_type","id");--> statement-breakpoint
CREATE INDEX "email_outbox_created_idx" ON "email_outbox" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "users_name_idx" ON "users" USING btree (lower("last_name"),lower("first_name"),"id");--> statement-breakpoint
CREATE INDEX "jobs_list_posted_idx" ON "jobs" USING btree (coalesce("posting_date", "created_at"),"id");--> statement-breakpoint
CREATE INDEX "jobs_list_title_idx" ON "jobs" USING btree (lower("title"),"id");--> statement-breakpoint
CREATE INDEX "jobs_list_expiry_asc_idx" ON "jobs" USING btree ("expiration_date","id");--> statement-breakpoint
CREATE INDEX "jobs_list_expiry_desc_idx" ON "jobs" USING btree ("expiration_date" DESC NULLS LAST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "jobs_company_list_posted_idx" ON "jobs" USING btree ("company_id",coalesce("posting_date", "created_at"),"id");--> statement-breakpoint
CREATE INDEX "jobs_company_list_title_idx" ON "jobs" USING btree ("company_id",lower("title"),"id");--> statement-breakpoint
CREATE INDEX "jobs_company_list_expiry_asc_idx" ON "jobs" USING btree ("company_id","expiration_date","id");--> statement-breakpoint
CREATE INDEX "jobs_company_list_expiry_desc_idx" ON "jobs" USING btree ("company_id","expiration_date" DESC NULLS LAST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "audit_log_impersonated_idx" ON "audit_log" USING btree ("created_at","id") WHERE "audit_log"."impersonator_id" is not null;--> statement-breakpoint
CREATE INDEX "applications_created_idx" ON "applications" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "companies_created_idx" ON "companies" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "email_outbox_to_idx" ON "email_outbox" USING btree ("to_address","created_at","id");--> statement-breakpoint
CREATE INDEX "users_company_idx" ON "users" USING btree ("company_id","created_at","id");--> statement-breakpoint
CREATE INDEX "invoices_company_idx" ON "invoices" USING btree ("company_id","created_at","id");--> statement-breakpoint
CREATE INDEX "audit_log_created_idx" ON "audit_log" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "applications_user_created_idx" ON "applications" USING btree ("user_id","created_at","id");--> statement-breakpoint
CREATE INDEX "news_posts_channel_idx" ON "news_posts" USING btree ("channel_id","created_at","id");--> statement-breakpoint
CREATE INDEX "news_posts_published_idx" ON "news_posts" USING btree ("status","published_at","id");