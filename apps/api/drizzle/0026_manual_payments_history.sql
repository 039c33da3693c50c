-- Invoices marked paid by hand before payments were recorded: each gets the payment it stood for (all of the
-- invoice, on the day it was marked paid, method other), so its history shows it and it can be reversed.
INSERT INTO "invoice_payments" ("invoice_id", "amount", "paid_on", "method", "reference", "recorded_by", "recorded_by_name", "recorded_at")
SELECT i."id", i."amount", (i."paid_at" AT TIME ZONE 'UTC')::date, 'other', NULL, NULL, NULL, i."paid_at"
FROM "invoices" i
WHERE i."status" = 'paid' AND i."paid_via" = 'manual' AND i."paid_at" IS NOT NULL
  AND NOT EXISTS (SELECT 1 FROM "invoice_payments" p WHERE p."invoice_id" = i."id");
