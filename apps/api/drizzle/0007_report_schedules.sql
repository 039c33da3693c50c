CREATE TABLE "metric_months" (
	"social_account_id" integer NOT NULL,
	"month" date NOT NULL,
	"reach_sum" bigint DEFAULT 0 NOT NULL,
	"reach_days" integer DEFAULT 0 NOT NULL,
	"engagement_sum" numeric(14, 4) DEFAULT '0' NOT NULL,
	"engagement_days" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "metric_months_social_account_id_month_pk" PRIMARY KEY("social_account_id","month")
);
--> statement-breakpoint
CREATE TABLE "report_schedules" (
	"id" serial PRIMARY KEY NOT NULL,
	"client_id" integer NOT NULL,
	"enabled" boolean DEFAULT false NOT NULL,
	"enabled_at" timestamp with time zone,
	"last_sent_month" varchar(7),
	"last_sent_at" timestamp with time zone,
	"created_by" integer,
	"updated_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "report_schedules_month_check" CHECK ("report_schedules"."last_sent_month" ~ '^[0-9]{4}-(0[1-9]|1[0-2])$')
);
--> statement-breakpoint
CREATE TABLE "email_attachments" (
	"id" serial PRIMARY KEY NOT NULL,
	"mail_id" integer NOT NULL,
	"filename" varchar(255) NOT NULL,
	"content_type" varchar(100) NOT NULL,
	"content" "bytea" NOT NULL
);
--> statement-breakpoint
ALTER TABLE "metric_months" ADD CONSTRAINT "metric_months_social_account_id_social_accounts_id_fk" FOREIGN KEY ("social_account_id") REFERENCES "public"."social_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_schedules" ADD CONSTRAINT "report_schedules_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_schedules" ADD CONSTRAINT "report_schedules_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_schedules" ADD CONSTRAINT "report_schedules_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "email_attachments" ADD CONSTRAINT "email_attachments_mail_id_email_outbox_id_fk" FOREIGN KEY ("mail_id") REFERENCES "public"."email_outbox"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "metric_months_month_idx" ON "metric_months" USING btree ("month");--> statement-breakpoint
CREATE UNIQUE INDEX "report_schedules_client_unique" ON "report_schedules" USING btree ("client_id");--> statement-breakpoint
CREATE INDEX "report_schedules_enabled_idx" ON "report_schedules" USING btree ("enabled") WHERE "report_schedules"."enabled";--> statement-breakpoint
CREATE INDEX "email_attachments_mail_idx" ON "email_attachments" USING btree ("mail_id");--> statement-breakpoint
CREATE INDEX "metric_snapshots_account_captured_idx" ON "metric_snapshots" USING btree ("social_account_id","captured_at");--> statement-breakpoint
-- metric_months follows metric_snapshots: each statement adds the values it inserted and takes away the ones it
-- deleted or replaced (sums and counts are additive, so concurrent writers need no lock beyond the row's).
CREATE FUNCTION "metric_months_apply"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    -- Rows whose account is being deleted are gone with it (cascade), so this only updates what exists.
    UPDATE "metric_months" mm
    SET "reach_sum" = mm."reach_sum" - d.reach_sum, "reach_days" = mm."reach_days" - d.reach_days,
        "engagement_sum" = mm."engagement_sum" - d.engagement_sum, "engagement_days" = mm."engagement_days" - d.engagement_days
    FROM (
      SELECT "social_account_id" AS id, (date_trunc('month', "captured_at" AT TIME ZONE 'UTC'))::date AS month,
             coalesce(sum("reach"), 0) AS reach_sum, count("reach") AS reach_days,
             coalesce(sum("engagement_rate"), 0) AS engagement_sum, count("engagement_rate") AS engagement_days
      FROM old_rows GROUP BY 1, 2
    ) d
    WHERE mm."social_account_id" = d.id AND mm."month" = d.month;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    INSERT INTO "metric_months" AS mm ("social_account_id", "month", "reach_sum", "reach_days", "engagement_sum", "engagement_days")
    SELECT "social_account_id", (date_trunc('month', "captured_at" AT TIME ZONE 'UTC'))::date,
           coalesce(sum("reach"), 0), count("reach"), coalesce(sum("engagement_rate"), 0), count("engagement_rate")
    FROM new_rows GROUP BY 1, 2
    ON CONFLICT ("social_account_id", "month") DO UPDATE
    SET "reach_sum" = mm."reach_sum" + excluded."reach_sum", "reach_days" = mm."reach_days" + excluded."reach_days",
        "engagement_sum" = mm."engagement_sum" + excluded."engagement_sum",
        "engagement_days" = mm."engagement_days" + excluded."engagement_days";
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "metric_months_on_insert" AFTER INSERT ON "metric_snapshots" REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "metric_months_apply"();--> statement-breakpoint
CREATE TRIGGER "metric_months_on_update" AFTER UPDATE ON "metric_snapshots" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "metric_months_apply"();--> statement-breakpoint
CREATE TRIGGER "metric_months_on_delete" AFTER DELETE ON "metric_snapshots" REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "metric_months_apply"();--> statement-breakpoint
-- The months of the snapshots already stored.
INSERT INTO "metric_months" ("social_account_id", "month", "reach_sum", "reach_days", "engagement_sum", "engagement_days")
SELECT "social_account_id", (date_trunc('month', "captured_at" AT TIME ZONE 'UTC'))::date,
       coalesce(sum("reach"), 0), count("reach"), coalesce(sum("engagement_rate"), 0), count("engagement_rate")
FROM "metric_snapshots" GROUP BY 1, 2;
--> statement-breakpoint
-- The agency's windows scan snapshots by time: with the values they read in the index, that is an index-only scan
-- (written here because Drizzle's index builder has no INCLUDE; declared in a comment in schema/social.ts).
CREATE INDEX "metric_snapshots_captured_cover_idx" ON "metric_snapshots" USING btree ("captured_at")
  INCLUDE ("social_account_id", "followers_count", "reach", "engagement_rate");
