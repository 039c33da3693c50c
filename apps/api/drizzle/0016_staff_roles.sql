CREATE TABLE "invites" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"invited_by" integer,
	"token_hash" varchar(64) NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "staff_role" varchar(16);--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "invited_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "clients" ADD COLUMN "account_manager_user_id" integer;--> statement-breakpoint
ALTER TABLE "invites" ADD CONSTRAINT "invites_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invites" ADD CONSTRAINT "invites_invited_by_users_id_fk" FOREIGN KEY ("invited_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "invites_token_hash_unique" ON "invites" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "invites_user_idx" ON "invites" USING btree ("user_id");--> statement-breakpoint
ALTER TABLE "clients" ADD CONSTRAINT "clients_account_manager_user_id_users_id_fk" FOREIGN KEY ("account_manager_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "clients_account_manager_user_idx" ON "clients" USING btree ("account_manager_user_id");--> statement-breakpoint
-- Every admin account before staff roles is an owner.
UPDATE "users" SET "staff_role" = 'owner' WHERE "role" = 'admin';--> statement-breakpoint
-- A client's account manager name is linked to the staff account of that name when exactly one has it.
UPDATE "clients" c SET "account_manager_user_id" = m.id
  FROM (
    SELECT lower(coalesce(nullif(trim(concat_ws(' ', u.first_name, u.last_name)), ''), u.email)) AS name, min(u.id) AS id
    FROM "users" u WHERE u.role = 'admin'
    GROUP BY 1 HAVING count(*) = 1
  ) m
  WHERE c.account_manager <> '' AND lower(trim(c.account_manager)) = m.name;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_staff_role_check" CHECK (("users"."role" = 'admin') = ("users"."staff_role" is not null) and ("users"."staff_role" is null or "users"."staff_role" in ('owner', 'manager', 'read_only')));