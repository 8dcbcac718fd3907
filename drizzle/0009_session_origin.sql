DROP INDEX "users_company_idx";--> statement-breakpoint
ALTER TABLE "refresh_tokens" ADD COLUMN "user_agent" text;--> statement-breakpoint
ALTER TABLE "refresh_tokens" ADD COLUMN "ip" text;--> statement-breakpoint
ALTER TABLE "refresh_tokens" ADD COLUMN "region" text;--> statement-breakpoint
CREATE INDEX "users_company_idx" ON "users" USING btree ("company_id","created_at");