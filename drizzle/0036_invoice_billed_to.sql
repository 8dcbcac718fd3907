-- Who an order is billed to, kept on the order as the company was named and addressed when the
-- order was opened (lib/payments/orders.ts openOrder), as job_title and card_type already are. The
-- PDF printed the company's current name and address, so renaming the company or moving it
-- (Settings → Address) rewrote every invoice and receipt it had been issued. Orders issued before
-- this migration take the company's name and address as they are now: their earlier ones were
-- never recorded. One pass over invoices: payments wait until the pending migrations commit.
ALTER TABLE "invoices" ADD COLUMN "bill_to_name" text;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "bill_to_street1" text;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "bill_to_street2" text;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "bill_to_city" text;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "bill_to_state" text;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "bill_to_postal_code" text;--> statement-breakpoint
UPDATE "invoices" i SET
  "bill_to_name" = c."company_name",
  "bill_to_street1" = c."street1",
  "bill_to_street2" = c."street2",
  "bill_to_city" = c."city",
  "bill_to_state" = c."state",
  "bill_to_postal_code" = c."postal_code"
FROM "companies" c
WHERE c."id" = i."company_id";
