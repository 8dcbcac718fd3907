-- Jobs a driver withdrew an application from: they stay out of that job's matched candidates
-- (lib/drivers/applications.ts withdrawApplication, lib/applications/candidates.ts).
CREATE TABLE "application_withdrawals" (
	"job_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"withdrawn_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "application_withdrawals_job_id_user_id_pk" PRIMARY KEY("job_id","user_id")
);
--> statement-breakpoint
ALTER TABLE "application_withdrawals" ADD CONSTRAINT "application_withdrawals_job_id_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."jobs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "application_withdrawals" ADD CONSTRAINT "application_withdrawals_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "application_withdrawals_user_idx" ON "application_withdrawals" USING btree ("user_id");