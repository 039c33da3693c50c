CREATE TABLE "agency_profile" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"name" varchar(120) NOT NULL,
	"email" varchar(254),
	"phone" varchar(40),
	"address" text,
	"website" varchar(200),
	"invoice_prefix" varchar(12) DEFAULT 'INV-' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "agency_profile_single_row" CHECK ("agency_profile"."id" = 1)
);
--> statement-breakpoint
CREATE TABLE "invoice_number_sequences" (
	"year" integer NOT NULL,
	"last_number" integer NOT NULL,
	CONSTRAINT "invoice_number_sequences_year_pk" PRIMARY KEY("year"),
	CONSTRAINT "invoice_number_sequences_positive" CHECK ("invoice_number_sequences"."last_number" > 0)
);
