-- Paid targeting places taken off a job's list, so one put back within the period it was paid for
-- comes back paid instead of being charged again (lib/jobs/targeting.ts, docs/payments.md).
CREATE TABLE "job_released_addresses" (
	"job_id" integer NOT NULL,
	"place_key" text NOT NULL,
	"paid_through" timestamp with time zone NOT NULL,
	CONSTRAINT "job_released_addresses_job_id_place_key_pk" PRIMARY KEY("job_id","place_key")
);
--> statement-breakpoint
ALTER TABLE "job_released_addresses" ADD CONSTRAINT "job_released_addresses_job_id_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."jobs"("id") ON DELETE cascade ON UPDATE no action;