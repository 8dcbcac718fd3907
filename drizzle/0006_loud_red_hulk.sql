DROP INDEX "audit_log_entity_idx";--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "company_id" integer;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "due_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "paid_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "audit_log_company_idx" ON "audit_log" USING btree ("company_id","created_at");--> statement-breakpoint
CREATE INDEX "audit_log_created_idx" ON "audit_log" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "invoices_due_idx" ON "invoices" USING btree ("due_at") WHERE "invoices"."paid_at" is null and "invoices"."payment_method" = 'CONTRACT';--> statement-breakpoint
CREATE INDEX "audit_log_entity_idx" ON "audit_log" USING btree ("entity","entity_id","created_at");--> statement-breakpoint
-- Orders accepted before settlement was tracked: a card charge (or a $0 order) was paid when approved;
-- an invoice-billed order is due on net-30 terms from its invoice date until an admin marks it paid.
UPDATE "invoices" SET "paid_at" = "billing_date" WHERE "status" = 'APPROVED' AND ("payment_method" <> 'CONTRACT' OR "amount_cents" = 0);--> statement-breakpoint
UPDATE "invoices" SET "due_at" = "billing_date" + interval '30 days' WHERE "status" = 'APPROVED' AND "payment_method" = 'CONTRACT' AND "amount_cents" > 0;
