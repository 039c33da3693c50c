CREATE TABLE "content_reviews" (
	"id" serial PRIMARY KEY NOT NULL,
	"content_id" integer NOT NULL,
	"step" varchar(8) NOT NULL,
	"decision" varchar(8) NOT NULL,
	"reviewer_id" integer,
	"reviewer_name" varchar(310),
	"via" varchar(12) DEFAULT 'app' NOT NULL,
	"feedback" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "content_reviews_step_check" CHECK ("content_reviews"."step" in ('staff', 'client')),
	CONSTRAINT "content_reviews_decision_check" CHECK ("content_reviews"."decision" in ('approved', 'rejected')),
	CONSTRAINT "content_reviews_via_check" CHECK ("content_reviews"."via" in ('app', 'magic_link'))
);
--> statement-breakpoint
CREATE TABLE "review_links" (
	"id" serial PRIMARY KEY NOT NULL,
	"content_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"token_hash" varchar(64) NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"decision" varchar(8),
	"revoked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "clients" ADD COLUMN "approval_mode" varchar(24) DEFAULT 'optional' NOT NULL;--> statement-breakpoint
ALTER TABLE "content_items" ADD COLUMN "review_step" varchar(8);--> statement-breakpoint
ALTER TABLE "content_items" ADD COLUMN "waiting_since" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "content_items" ADD COLUMN "reminded_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "content_reviews" ADD CONSTRAINT "content_reviews_content_id_content_items_id_fk" FOREIGN KEY ("content_id") REFERENCES "public"."content_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "content_reviews" ADD CONSTRAINT "content_reviews_reviewer_id_users_id_fk" FOREIGN KEY ("reviewer_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_links" ADD CONSTRAINT "review_links_content_id_content_items_id_fk" FOREIGN KEY ("content_id") REFERENCES "public"."content_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_links" ADD CONSTRAINT "review_links_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "content_reviews_content_idx" ON "content_reviews" USING btree ("content_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "review_links_token_hash_unique" ON "review_links" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "review_links_content_idx" ON "review_links" USING btree ("content_id");--> statement-breakpoint
CREATE INDEX "content_items_waiting_idx" ON "content_items" USING btree ("review_step","waiting_since") WHERE "content_items"."status" = 'pending-approval';--> statement-breakpoint
ALTER TABLE "clients" ADD CONSTRAINT "clients_approval_mode_check" CHECK ("clients"."approval_mode" in ('none', 'optional', 'internal', 'internal_then_client'));--> statement-breakpoint
-- Items already pending approval wait for the staff review (what pending meant before approval modes).
UPDATE "content_items" SET "review_step" = 'staff', "waiting_since" = "updated_at" WHERE "status" = 'pending-approval';--> statement-breakpoint
ALTER TABLE "content_items" ADD CONSTRAINT "content_items_review_step_check" CHECK (("content_items"."status" = 'pending-approval') = ("content_items"."review_step" is not null) and "content_items"."review_step" in ('staff', 'client'));