CREATE TYPE "public"."application_stage" AS ENUM('new', 'reviewed', 'contacted', 'interview', 'hired', 'rejected');--> statement-breakpoint
CREATE TYPE "public"."cdl_status" AS ENUM('A', 'B', 'C', 'none');--> statement-breakpoint
CREATE TABLE "application_notes" (
	"id" serial PRIMARY KEY NOT NULL,
	"application_id" integer NOT NULL,
	"author_id" integer,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "application_stage_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"application_id" integer NOT NULL,
	"stage" "application_stage" NOT NULL,
	"changed_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "application_tags" (
	"application_id" integer NOT NULL,
	"tag_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "application_tags_application_id_tag_id_pk" PRIMARY KEY("application_id","tag_id")
);
--> statement-breakpoint
CREATE TABLE "applications" (
	"id" serial PRIMARY KEY NOT NULL,
	"job_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"message" text,
	"stage" "application_stage" DEFAULT 'new' NOT NULL,
	"stage_changed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"distance_miles" double precision,
	"within_range" boolean,
	"notified_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "driver_profiles" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"cdl_status" "cdl_status",
	"endorsements" "endorsement"[] DEFAULT '{}' NOT NULL,
	"years_of_experience" smallint,
	"experience" "experience",
	"work_experiences" "job_type"[] DEFAULT '{}' NOT NULL,
	"owner_operator" boolean DEFAULT false NOT NULL,
	"home_time" "home_time",
	"street1" text,
	"street2" text,
	"zip_code" text,
	"city" text,
	"state" "us_state",
	"latitude" double precision,
	"longitude" double precision,
	"travel_distance" integer,
	"birth_date" date,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "job_views" (
	"job_id" integer NOT NULL,
	"day" date NOT NULL,
	"visitor_key" text NOT NULL,
	"source" text NOT NULL,
	CONSTRAINT "job_views_job_id_day_visitor_key_pk" PRIMARY KEY("job_id","day","visitor_key")
);
--> statement-breakpoint
ALTER TABLE "application_notes" ADD CONSTRAINT "application_notes_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "application_notes" ADD CONSTRAINT "application_notes_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "application_stage_events" ADD CONSTRAINT "application_stage_events_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "application_stage_events" ADD CONSTRAINT "application_stage_events_changed_by_users_id_fk" FOREIGN KEY ("changed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "application_tags" ADD CONSTRAINT "application_tags_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "application_tags" ADD CONSTRAINT "application_tags_tag_id_company_tags_id_fk" FOREIGN KEY ("tag_id") REFERENCES "public"."company_tags"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "applications" ADD CONSTRAINT "applications_job_id_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."jobs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "applications" ADD CONSTRAINT "applications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "driver_profiles" ADD CONSTRAINT "driver_profiles_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_views" ADD CONSTRAINT "job_views_job_id_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."jobs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "application_notes_app_idx" ON "application_notes" USING btree ("application_id","created_at");--> statement-breakpoint
CREATE INDEX "application_stage_events_app_idx" ON "application_stage_events" USING btree ("application_id","created_at");--> statement-breakpoint
CREATE INDEX "application_tags_tag_idx" ON "application_tags" USING btree ("tag_id");--> statement-breakpoint
CREATE UNIQUE INDEX "applications_job_user_key" ON "applications" USING btree ("job_id","user_id");--> statement-breakpoint
CREATE INDEX "applications_job_created_idx" ON "applications" USING btree ("job_id","created_at");--> statement-breakpoint
CREATE INDEX "applications_job_distance_idx" ON "applications" USING btree ("job_id","distance_miles");--> statement-breakpoint
CREATE INDEX "applications_job_stage_idx" ON "applications" USING btree ("job_id","stage");--> statement-breakpoint
CREATE INDEX "applications_user_created_idx" ON "applications" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "applications_unnotified_idx" ON "applications" USING btree ("job_id") WHERE "applications"."notified_at" is null;--> statement-breakpoint
CREATE INDEX "driver_profiles_earth_idx" ON "driver_profiles" USING gist (ll_to_earth("latitude", "longitude"));--> statement-breakpoint
CREATE INDEX "driver_profiles_state_idx" ON "driver_profiles" USING btree ("state");