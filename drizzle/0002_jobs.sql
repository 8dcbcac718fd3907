CREATE TYPE "public"."addon_type" AS ENUM('boost', 'promote', 'hyperlink');--> statement-breakpoint
CREATE TYPE "public"."benefit" AS ENUM('retirement_plan', 'dental_coverage', 'health_coverage', 'vision_coverage');--> statement-breakpoint
CREATE TYPE "public"."endorsement" AS ENUM('H', 'N', 'X', 'T', 'P', 'S', 'TWIC', 'TSAC');--> statement-breakpoint
CREATE TYPE "public"."experience" AS ENUM('CS', 'M6', 'M12', 'Y1', 'Y2');--> statement-breakpoint
CREATE TYPE "public"."home_time" AS ENUM('HD', 'HW', 'D2', 'D3', 'D4', 'D5', 'D6', 'O');--> statement-breakpoint
CREATE TYPE "public"."job_payment_status" AS ENUM('pending', 'paid', 'invoiced');--> statement-breakpoint
CREATE TYPE "public"."job_type" AS ENUM('dry_van', 'flat_bed', 'tanker', 'reefer', 'garbage_truck', 'mixer', 'refrigerated_freight', 'bus', 'ready_mixer', 'hotshot', 'roll_off', 'dump_truck', 'livestock_carrier', 'owner_operator', 'other');--> statement-breakpoint
CREATE TYPE "public"."salary_type" AS ENUM('weekly', 'monthly', 'yearly', 'hourly', 'per_mile');--> statement-breakpoint
CREATE TYPE "public"."us_state" AS ENUM('AL', 'AK', 'AZ', 'AR', 'CA', 'CO', 'CT', 'DE', 'DC', 'FL', 'GA', 'HI', 'ID', 'IL', 'IN', 'IA', 'KS', 'KY', 'LA', 'ME', 'MD', 'MA', 'MI', 'MN', 'MS', 'MO', 'MT', 'NE', 'NV', 'NH', 'NJ', 'NM', 'NY', 'NC', 'ND', 'OH', 'OK', 'OR', 'PA', 'RI', 'SC', 'SD', 'TN', 'TX', 'UT', 'VT', 'VA', 'WA', 'WV', 'WI', 'WY');--> statement-breakpoint
CREATE TABLE "company_tags" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"tag" "citext" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "job_addons" (
	"id" serial PRIMARY KEY NOT NULL,
	"job_id" integer NOT NULL,
	"addon_type" "addon_type" NOT NULL,
	"subscribed" boolean DEFAULT true NOT NULL,
	"external_url" text,
	"cost_cents" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "job_addresses" (
	"id" serial PRIMARY KEY NOT NULL,
	"job_id" integer NOT NULL,
	"position" smallint DEFAULT 0 NOT NULL,
	"street1" text,
	"city" text,
	"state" "us_state",
	"postal_code" text,
	"country" text DEFAULT 'US' NOT NULL,
	"latitude" double precision,
	"longitude" double precision,
	"cost_cents" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "job_tags" (
	"id" serial PRIMARY KEY NOT NULL,
	"job_id" integer NOT NULL,
	"tag_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "jobs" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"employer_id" integer,
	"title" text NOT NULL,
	"job_type" "job_type" NOT NULL,
	"additional_experience" text,
	"home_time" "home_time" NOT NULL,
	"required_experience" "experience" NOT NULL,
	"job_description" jsonb,
	"job_description_html" text NOT NULL,
	"driver_unload" boolean DEFAULT false NOT NULL,
	"expected_pay_cents" bigint NOT NULL,
	"salary_type" "salary_type" DEFAULT 'weekly' NOT NULL,
	"signon_bonus_cents" bigint DEFAULT 0 NOT NULL,
	"starting_bonus_cents" bigint DEFAULT 0 NOT NULL,
	"benefits" "benefit"[] DEFAULT '{}' NOT NULL,
	"endorsements" "endorsement"[] DEFAULT '{}' NOT NULL,
	"video_url" text,
	"suspended" boolean DEFAULT false NOT NULL,
	"approved" boolean DEFAULT false NOT NULL,
	"active" boolean DEFAULT false NOT NULL,
	"payment_status" "job_payment_status" DEFAULT 'pending' NOT NULL,
	"jobs_post_token" text NOT NULL,
	"cost_cents" bigint DEFAULT 0 NOT NULL,
	"renewable" boolean DEFAULT true NOT NULL,
	"auto_renew" boolean DEFAULT false NOT NULL,
	"boost_active" boolean DEFAULT false NOT NULL,
	"boost_ends_at" timestamp with time zone,
	"posting_date" timestamp with time zone,
	"expiration_date" timestamp with time zone,
	"next_billing_date" timestamp with time zone,
	"published_at" timestamp with time zone,
	"paid_at" timestamp with time zone,
	"renewal_canceled_at" timestamp with time zone,
	"renewal_cancellation_reason" text,
	"closed_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone,
	"expired_at" timestamp with time zone,
	"duplicated_from_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "company_tags" ADD CONSTRAINT "company_tags_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_addons" ADD CONSTRAINT "job_addons_job_id_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."jobs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_addresses" ADD CONSTRAINT "job_addresses_job_id_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."jobs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_tags" ADD CONSTRAINT "job_tags_job_id_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."jobs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_tags" ADD CONSTRAINT "job_tags_tag_id_company_tags_id_fk" FOREIGN KEY ("tag_id") REFERENCES "public"."company_tags"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "jobs" ADD CONSTRAINT "jobs_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "jobs" ADD CONSTRAINT "jobs_employer_id_users_id_fk" FOREIGN KEY ("employer_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "company_tags_company_tag_key" ON "company_tags" USING btree ("company_id","tag");--> statement-breakpoint
CREATE UNIQUE INDEX "job_addons_job_type_key" ON "job_addons" USING btree ("job_id","addon_type");--> statement-breakpoint
CREATE INDEX "job_addresses_job_idx" ON "job_addresses" USING btree ("job_id","position");--> statement-breakpoint
CREATE INDEX "job_addresses_state_idx" ON "job_addresses" USING btree ("state");--> statement-breakpoint
CREATE INDEX "job_addresses_earth_idx" ON "job_addresses" USING gist (ll_to_earth("latitude", "longitude"));--> statement-breakpoint
CREATE UNIQUE INDEX "job_tags_job_tag_key" ON "job_tags" USING btree ("job_id","tag_id");--> statement-breakpoint
CREATE INDEX "job_tags_tag_idx" ON "job_tags" USING btree ("tag_id");--> statement-breakpoint
CREATE UNIQUE INDEX "jobs_post_token_key" ON "jobs" USING btree ("jobs_post_token");--> statement-breakpoint
CREATE INDEX "jobs_company_status_idx" ON "jobs" USING btree ("company_id","approved","active");--> statement-breakpoint
CREATE INDEX "jobs_company_posting_idx" ON "jobs" USING btree ("company_id","posting_date");--> statement-breakpoint
CREATE INDEX "jobs_posting_date_idx" ON "jobs" USING btree ("posting_date");--> statement-breakpoint
CREATE INDEX "jobs_expiration_date_idx" ON "jobs" USING btree ("expiration_date");--> statement-breakpoint
CREATE INDEX "jobs_title_trgm_idx" ON "jobs" USING gin ("title" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "jobs_live_expiry_idx" ON "jobs" USING btree ("expiration_date") WHERE "jobs"."active" and "jobs"."approved";--> statement-breakpoint
CREATE INDEX "jobs_boost_end_idx" ON "jobs" USING btree ("boost_ends_at") WHERE "jobs"."boost_active";