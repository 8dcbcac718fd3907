CREATE TYPE "public"."driver_subscription_kind" AS ENUM('healthcare', 'road_assistance');--> statement-breakpoint
CREATE TYPE "public"."driver_subscription_type" AS ENUM('mandatory', 'pre_subscribed', 'open');--> statement-breakpoint
CREATE TABLE "driver_subscriptions" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"subscription" "driver_subscription_kind" NOT NULL,
	"subscription_type" "driver_subscription_type" NOT NULL,
	"tier" text NOT NULL,
	"subscription_date" timestamp with time zone NOT NULL,
	"expiration_date" timestamp with time zone NOT NULL,
	"renewal_canceled_at" timestamp with time zone,
	"renewal_cancellation_code" smallint,
	"renewal_cancellation_reason" text,
	"canceled_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "job_review_messages" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"job_id" integer NOT NULL,
	"admin_id" integer,
	"subject" text NOT NULL,
	"message" text NOT NULL,
	"sent_to" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "driver_subscriptions" ADD CONSTRAINT "driver_subscriptions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "driver_subscriptions" ADD CONSTRAINT "driver_subscriptions_canceled_by_users_id_fk" FOREIGN KEY ("canceled_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_review_messages" ADD CONSTRAINT "job_review_messages_job_id_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."jobs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_review_messages" ADD CONSTRAINT "job_review_messages_admin_id_users_id_fk" FOREIGN KEY ("admin_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "driver_subscriptions_user_idx" ON "driver_subscriptions" USING btree ("user_id","subscription_date");--> statement-breakpoint
CREATE INDEX "job_review_messages_job_idx" ON "job_review_messages" USING btree ("job_id","created_at");