CREATE TABLE "saved_card_charges" (
	"id" serial PRIMARY KEY NOT NULL,
	"invoice_id" integer NOT NULL,
	"client_id" integer NOT NULL,
	"attempt" integer NOT NULL,
	"idempotency_key" varchar(255) NOT NULL,
	"provider" varchar(16) NOT NULL,
	"payment_method_id" varchar(255) NOT NULL,
	"amount" numeric(12, 2) NOT NULL,
	"status" varchar(24) DEFAULT 'started' NOT NULL,
	"provider_payment_intent_id" varchar(255),
	"failure_message" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "saved_card_charges_status_check" CHECK ("saved_card_charges"."status" in ('started', 'requires_action', 'succeeded', 'failed')),
	CONSTRAINT "saved_card_charges_amount_check" CHECK ("saved_card_charges"."amount" > 0)
);
--> statement-breakpoint
ALTER TABLE "saved_card_charges" ADD CONSTRAINT "saved_card_charges_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saved_card_charges" ADD CONSTRAINT "saved_card_charges_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "saved_card_charges_attempt_unique" ON "saved_card_charges" USING btree ("invoice_id","attempt");--> statement-breakpoint
CREATE UNIQUE INDEX "saved_card_charges_key_unique" ON "saved_card_charges" USING btree ("idempotency_key");