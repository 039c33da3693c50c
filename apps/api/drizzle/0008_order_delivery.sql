ALTER TABLE "promo_codes" ALTER COLUMN "percent_off" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "target" varchar(200) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "status" varchar(20) DEFAULT 'pending' NOT NULL;--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "ordered_amount" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "social_account_id" integer;--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "start_count" integer;--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "delivered" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "last_count" integer;--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "delivery_days" integer DEFAULT 14 NOT NULL;--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "guarantee_days" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "expected_delivery_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "completed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "refill_requested_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "invoice_id" integer;--> statement-breakpoint
ALTER TABLE "promo_codes" ADD COLUMN "amount_off" numeric(12, 2);--> statement-breakpoint
ALTER TABLE "order_lines" ADD CONSTRAINT "order_lines_social_account_id_social_accounts_id_fk" FOREIGN KEY ("social_account_id") REFERENCES "public"."social_accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_lines_status_expected_idx" ON "order_lines" USING btree ("status","expected_delivery_at");--> statement-breakpoint
CREATE INDEX "order_lines_social_account_idx" ON "order_lines" USING btree ("social_account_id");--> statement-breakpoint
CREATE INDEX "orders_invoice_idx" ON "orders" USING btree ("invoice_id");--> statement-breakpoint
ALTER TABLE "order_lines" ADD CONSTRAINT "order_lines_status_check" CHECK ("order_lines"."status" in ('pending', 'in_progress', 'partial', 'completed', 'refill_requested', 'refilled'));--> statement-breakpoint
ALTER TABLE "order_lines" ADD CONSTRAINT "order_lines_delivery_check" CHECK ("order_lines"."delivered" >= 0 and "order_lines"."ordered_amount" >= 0 and ("order_lines"."start_count" is null or "order_lines"."start_count" >= 0));--> statement-breakpoint
ALTER TABLE "promo_codes" ADD CONSTRAINT "promo_codes_amount_off_check" CHECK ("promo_codes"."amount_off" > 0);--> statement-breakpoint
ALTER TABLE "promo_codes" ADD CONSTRAINT "promo_codes_one_discount_check" CHECK (("promo_codes"."percent_off" is null) <> ("promo_codes"."amount_off" is null));--> statement-breakpoint
-- Lines placed before delivery tracking: their size from the catalogue of the time, paid ones in progress.
UPDATE "order_lines" SET "ordered_amount" = "quantity" * CASE "package_id"
  WHEN 'ig-starter' THEN 1000 WHEN 'ig-growth' THEN 5000 WHEN 'ig-professional' THEN 10000
  WHEN 'tt-starter' THEN 1000 WHEN 'tt-viral' THEN 10000
  WHEN 'yt-creator' THEN 1000 WHEN 'yt-monetization' THEN 4000 ELSE 0 END;--> statement-breakpoint
UPDATE "order_lines" l SET "status" = 'in_progress', "expected_delivery_at" = o."paid_at" + interval '14 days'
  FROM "orders" o WHERE o."id" = l."order_id" AND o."status" = 'succeeded';--> statement-breakpoint
-- The first-order code the site promises exists in every install.
INSERT INTO "promo_codes" ("code", "percent_off", "first_order_only") VALUES ('WELCOME20', 20, true) ON CONFLICT ("code") DO NOTHING;
