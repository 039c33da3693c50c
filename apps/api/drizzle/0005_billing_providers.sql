CREATE TABLE "payment_customers" (
	"id" serial PRIMARY KEY NOT NULL,
	"client_id" integer NOT NULL,
	"provider" varchar(16) NOT NULL,
	"customer_id" varchar(255) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_customers_provider_check" CHECK ("payment_customers"."provider" in ('stripe', 'sandbox'))
);
--> statement-breakpoint
CREATE TABLE "sandbox_payment_objects" (
	"id" varchar(64) PRIMARY KEY NOT NULL,
	"kind" varchar(32) NOT NULL,
	"customer_id" varchar(64),
	"idempotency_key" varchar(255),
	"data" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "invoices" DROP CONSTRAINT "invoices_status_check";--> statement-breakpoint
ALTER TABLE "payments" DROP CONSTRAINT "payments_status_check";--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "paid_via" varchar(8);--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "payment_card" varchar(64);--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "refunded_amount" numeric(12, 2) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "provider" varchar(16);--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "provider_invoice_id" varchar(255);--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "subscription_id" integer;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "payment_card" varchar(64);--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "refunded_amount" numeric(12, 2) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "provider_synced_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payment_customers" ADD CONSTRAINT "payment_customers_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "payment_customers_client_provider_unique" ON "payment_customers" USING btree ("client_id","provider");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_customers_customer_unique" ON "payment_customers" USING btree ("provider","customer_id");--> statement-breakpoint
CREATE INDEX "sandbox_payment_objects_customer_idx" ON "sandbox_payment_objects" USING btree ("customer_id","kind");--> statement-breakpoint
CREATE INDEX "sandbox_payment_objects_kind_idx" ON "sandbox_payment_objects" USING btree ("kind");--> statement-breakpoint
CREATE UNIQUE INDEX "sandbox_payment_objects_idempotency_unique" ON "sandbox_payment_objects" USING btree ("idempotency_key");--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_subscription_id_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."subscriptions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_provider_invoice_unique" ON "invoices" USING btree ("provider","provider_invoice_id") WHERE "invoices"."provider_invoice_id" is not null;--> statement-breakpoint
CREATE INDEX "invoices_subscription_idx" ON "invoices" USING btree ("subscription_id");--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_paid_via_check" CHECK ("invoices"."paid_via" is null or "invoices"."paid_via" in ('card', 'manual'));--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_refunded_check" CHECK ("invoices"."refunded_amount" >= 0 and "invoices"."refunded_amount" <= "invoices"."amount");--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_status_check" CHECK ("invoices"."status" in ('paid', 'pending', 'overdue', 'refunded'));--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_status_check" CHECK ("payments"."status" in ('requires_payment_method', 'requires_action', 'processing', 'succeeded', 'failed', 'cancelled', 'refunded'));--> statement-breakpoint
-- Data of earlier installs: how paid invoices were paid, and the sandbox's side of existing sandbox customers,
-- cards and subscriptions (the sandbox now keeps its own objects, as Stripe does).
UPDATE "invoices" SET "paid_via" = CASE WHEN "payment_intent_id" IS NOT NULL THEN 'card' ELSE 'manual' END WHERE "status" = 'paid';--> statement-breakpoint
INSERT INTO "payment_customers" ("client_id", "provider", "customer_id")
  SELECT DISTINCT c."client_id", 'sandbox', 'cus_sbx_legacy' || c."client_id"
  FROM (SELECT "client_id" FROM "subscriptions" WHERE "provider" = 'sandbox' UNION SELECT "client_id" FROM "payment_methods" WHERE "provider" = 'sandbox') c
  ON CONFLICT DO NOTHING;--> statement-breakpoint
INSERT INTO "sandbox_payment_objects" ("id", "kind", "customer_id", "data")
  SELECT pc."customer_id", 'customer', pc."customer_id", jsonb_build_object(
    'id', pc."customer_id", 'email', cl."email", 'name', cl."name", 'clientId', pc."client_id",
    'defaultPaymentMethod', (SELECT pm."provider_payment_method_id" FROM "payment_methods" pm WHERE pm."client_id" = pc."client_id" AND pm."provider" = 'sandbox' ORDER BY pm."is_default" DESC, pm."id" LIMIT 1))
  FROM "payment_customers" pc JOIN "clients" cl ON cl."id" = pc."client_id"
  WHERE pc."provider" = 'sandbox'
  ON CONFLICT DO NOTHING;--> statement-breakpoint
INSERT INTO "sandbox_payment_objects" ("id", "kind", "customer_id", "data")
  SELECT pm."provider_payment_method_id", 'payment_method', pc."customer_id", jsonb_build_object(
    'id', pm."provider_payment_method_id", 'customerId', pc."customer_id", 'brand', pm."brand", 'last4', pm."last4",
    'expMonth', pm."exp_month", 'expYear', pm."exp_year", 'renewalOutcome', 'succeeded')
  FROM "payment_methods" pm JOIN "payment_customers" pc ON pc."client_id" = pm."client_id" AND pc."provider" = 'sandbox'
  WHERE pm."provider" = 'sandbox'
  ON CONFLICT DO NOTHING;--> statement-breakpoint
INSERT INTO "sandbox_payment_objects" ("id", "kind", "customer_id", "data")
  SELECT s."provider_subscription_id", 'subscription', pc."customer_id", jsonb_build_object(
    'id', s."provider_subscription_id", 'customerId', pc."customer_id",
    'status', CASE WHEN s."status" = 'incomplete' THEN 'cancelled' ELSE s."status" END,
    'priceLookupKey', 'price_' || s."plan_id" || '_monthly', 'itemId', 'si_' || s."provider_subscription_id",
    'currentPeriodStart', to_char((coalesce(s."current_period_end", now()) - interval '1 month') AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
    'currentPeriodEnd', to_char(coalesce(s."current_period_end", now()) AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
    'cancelAtPeriodEnd', s."cancel_at_period_end", 'latestInvoiceId', null,
    'created', to_char(s."created_at" AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
    'amount', round(s."price" * 100)::int, 'pendingProration', 0, 'metadata', jsonb_build_object('client_id', s."client_id"::text))
  FROM "subscriptions" s JOIN "payment_customers" pc ON pc."client_id" = s."client_id" AND pc."provider" = 'sandbox'
  WHERE s."provider" = 'sandbox' AND s."provider_subscription_id" IS NOT NULL
  ON CONFLICT DO NOTHING;--> statement-breakpoint
DROP TABLE "payment_methods" CASCADE;