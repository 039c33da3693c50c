ALTER TABLE "clients" ADD COLUMN "plan_name" varchar(100);--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "next_invoice_amount" numeric(12, 2);--> statement-breakpoint
-- Clients that subscribe already: their record shows the running subscription's plan, price, status and renewal.
UPDATE "clients" AS c
SET "plan_name" = s."plan_name",
    "monthly_fee" = s."price",
    "status" = 'active',
    "next_payment" = CASE WHEN s."cancel_at_period_end" OR s."current_period_end" IS NULL THEN NULL ELSE (s."current_period_end" AT TIME ZONE 'UTC')::date END
FROM (
  SELECT DISTINCT ON ("client_id") "client_id", "plan_name", "price", "cancel_at_period_end", "current_period_end"
  FROM "subscriptions"
  WHERE "status" IN ('active', 'past_due')
  ORDER BY "client_id", "created_at" DESC
) AS s
WHERE s."client_id" = c."id";
