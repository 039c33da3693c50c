CREATE TABLE "intake_form_assets" (
	"intake_form_id" integer NOT NULL,
	"file_id" integer NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "intake_form_assets_intake_form_id_file_id_pk" PRIMARY KEY("intake_form_id","file_id")
);
--> statement-breakpoint
CREATE TABLE "intake_forms" (
	"id" serial PRIMARY KEY NOT NULL,
	"client_id" integer NOT NULL,
	"order_id" integer,
	"subscription_id" integer,
	"status" varchar(16) DEFAULT 'waiting' NOT NULL,
	"handle" varchar(200),
	"goals" text,
	"audience" text,
	"competitors" text[] DEFAULT '{}'::text[] NOT NULL,
	"submitted_by" integer,
	"submitted_at" timestamp with time zone,
	"skipped_by" integer,
	"skipped_at" timestamp with time zone,
	"reminded_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "intake_forms_status_check" CHECK ("intake_forms"."status" in ('waiting', 'submitted', 'skipped')),
	CONSTRAINT "intake_forms_source_check" CHECK (("intake_forms"."order_id" is null) <> ("intake_forms"."subscription_id" is null))
);
--> statement-breakpoint
ALTER TABLE "intake_form_assets" ADD CONSTRAINT "intake_form_assets_intake_form_id_intake_forms_id_fk" FOREIGN KEY ("intake_form_id") REFERENCES "public"."intake_forms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "intake_form_assets" ADD CONSTRAINT "intake_form_assets_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "intake_forms" ADD CONSTRAINT "intake_forms_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "intake_forms" ADD CONSTRAINT "intake_forms_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "intake_forms" ADD CONSTRAINT "intake_forms_subscription_id_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."subscriptions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "intake_forms" ADD CONSTRAINT "intake_forms_submitted_by_users_id_fk" FOREIGN KEY ("submitted_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "intake_forms" ADD CONSTRAINT "intake_forms_skipped_by_users_id_fk" FOREIGN KEY ("skipped_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "intake_form_assets_file_idx" ON "intake_form_assets" USING btree ("file_id");--> statement-breakpoint
CREATE UNIQUE INDEX "intake_forms_order_unique" ON "intake_forms" USING btree ("order_id") WHERE "intake_forms"."order_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "intake_forms_subscription_unique" ON "intake_forms" USING btree ("subscription_id") WHERE "intake_forms"."subscription_id" is not null;--> statement-breakpoint
CREATE INDEX "intake_forms_client_created_idx" ON "intake_forms" USING btree ("client_id","created_at");--> statement-breakpoint
CREATE INDEX "intake_forms_status_created_idx" ON "intake_forms" USING btree ("status","created_at");