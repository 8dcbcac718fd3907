ALTER TABLE "job_addons" ADD COLUMN "paid_through" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "job_addresses" ADD COLUMN "paid_through" timestamp with time zone;--> statement-breakpoint
-- Issue 9: items of jobs already published count as paid for their current period (addresses
-- were made live without a charge before; there is no telling which, so the present state stays).
UPDATE "job_addresses" a SET "paid_through" = j."expiration_date" FROM "jobs" j WHERE j."id" = a."job_id" AND j."payment_status" <> 'pending';--> statement-breakpoint
-- Add-ons only where an approved order of the job charged that add-on type, or the job has no
-- order at all (published by the demo seed): an add-on switched on after publishing and never
-- paid stays pending.
UPDATE "job_addons" o SET "paid_through" = j."expiration_date" FROM "jobs" j
WHERE j."id" = o."job_id" AND j."payment_status" <> 'pending' AND o."subscribed"
  AND (EXISTS (SELECT 1 FROM "invoice_lines" l JOIN "invoices" i ON i."id" = l."invoice_id" WHERE i."job_id" = j."id" AND i."status" = 'APPROVED' AND l."addon_type" = o."addon_type"::text)
    OR NOT EXISTS (SELECT 1 FROM "invoices" i WHERE i."job_id" = j."id"));
