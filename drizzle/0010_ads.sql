CREATE TYPE "public"."ad_audience" AS ENUM('drivers', 'employers');--> statement-breakpoint
CREATE TYPE "public"."ad_media_type" AS ENUM('image', 'video');--> statement-breakpoint
CREATE TYPE "public"."ad_placement" AS ENUM('members_home', 'news_feed', 'job_search');--> statement-breakpoint
CREATE TYPE "public"."ad_status" AS ENUM('draft', 'active', 'paused', 'ended');--> statement-breakpoint
CREATE TABLE "ad_daily_counts" (
	"ad_id" integer NOT NULL,
	"day" date NOT NULL,
	"impressions" integer DEFAULT 0 NOT NULL,
	"clicks" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "ad_daily_counts_ad_id_day_pk" PRIMARY KEY("ad_id","day")
);
--> statement-breakpoint
CREATE TABLE "ad_settings" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"enabled_placements" "ad_placement"[] DEFAULT '{members_home,news_feed,job_search}' NOT NULL,
	"ads_per_page" smallint DEFAULT 1 NOT NULL,
	"max_daily_views_per_viewer" smallint DEFAULT 0 NOT NULL,
	"home_ads_count" smallint DEFAULT 3 NOT NULL,
	"home_rotation_seconds" smallint DEFAULT 8 NOT NULL,
	"home_rotation_order" text DEFAULT 'weighted' NOT NULL,
	"updated_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ad_settings_one_row" CHECK ("ad_settings"."id" = 1)
);
--> statement-breakpoint
CREATE TABLE "ad_views" (
	"id" text PRIMARY KEY NOT NULL,
	"ad_id" integer NOT NULL,
	"user_id" integer,
	"placement" "ad_placement" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"impressed_at" timestamp with time zone,
	"clicked_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "ads" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"advertiser" text NOT NULL,
	"headline" text NOT NULL,
	"media_type" "ad_media_type",
	"media_file" text,
	"target_url" text NOT NULL,
	"placements" "ad_placement"[] NOT NULL,
	"audience" "ad_audience" DEFAULT 'drivers' NOT NULL,
	"states" "us_state"[] DEFAULT '{}' NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone,
	"status" "ad_status" DEFAULT 'draft' NOT NULL,
	"weight" smallint DEFAULT 1 NOT NULL,
	"impressions" bigint DEFAULT 0 NOT NULL,
	"clicks" bigint DEFAULT 0 NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ads_weight_range" CHECK ("ads"."weight" between 1 and 100)
);
--> statement-breakpoint
ALTER TABLE "ad_daily_counts" ADD CONSTRAINT "ad_daily_counts_ad_id_ads_id_fk" FOREIGN KEY ("ad_id") REFERENCES "public"."ads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ad_views" ADD CONSTRAINT "ad_views_ad_id_ads_id_fk" FOREIGN KEY ("ad_id") REFERENCES "public"."ads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ads" ADD CONSTRAINT "ads_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ad_views_viewer_idx" ON "ad_views" USING btree ("user_id","ad_id","impressed_at");--> statement-breakpoint
CREATE INDEX "ad_views_created_idx" ON "ad_views" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "ad_views_ad_idx" ON "ad_views" USING btree ("ad_id");--> statement-breakpoint
CREATE INDEX "ads_serving_idx" ON "ads" USING btree ("status","starts_at","ends_at");--> statement-breakpoint
CREATE INDEX "ads_placements_idx" ON "ads" USING gin ("placements");--> statement-breakpoint
CREATE INDEX "ads_name_trgm_idx" ON "ads" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "ads_advertiser_trgm_idx" ON "ads" USING gin ("advertiser" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "ads_name_idx" ON "ads" USING btree ("name");--> statement-breakpoint
CREATE INDEX "ads_advertiser_idx" ON "ads" USING btree ("advertiser");--> statement-breakpoint
CREATE INDEX "ads_ends_idx" ON "ads" USING btree ("ends_at");--> statement-breakpoint
CREATE INDEX "ads_weight_idx" ON "ads" USING btree ("weight");--> statement-breakpoint
CREATE INDEX "ads_ctr_idx" ON "ads" USING btree (("clicks"::float8 / nullif("impressions", 0)));--> statement-breakpoint
CREATE INDEX "ads_created_idx" ON "ads" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "ads_starts_idx" ON "ads" USING btree ("starts_at");--> statement-breakpoint
CREATE INDEX "ads_impressions_idx" ON "ads" USING btree ("impressions");--> statement-breakpoint
CREATE INDEX "ads_clicks_idx" ON "ads" USING btree ("clicks");