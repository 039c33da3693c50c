DROP INDEX "metric_snapshots_account_captured_unique";--> statement-breakpoint
ALTER TABLE "metric_snapshots" ALTER COLUMN "followers_count" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "metric_snapshots" ALTER COLUMN "followers_count" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "metric_snapshots" ALTER COLUMN "engagement_rate" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "metric_snapshots" ALTER COLUMN "engagement_rate" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "metric_snapshots" ALTER COLUMN "reach" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "metric_snapshots" ALTER COLUMN "reach" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "metric_snapshots" ALTER COLUMN "posts_count" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "metric_snapshots" ALTER COLUMN "posts_count" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "metric_snapshots" ALTER COLUMN "impressions" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "metric_snapshots" ALTER COLUMN "impressions" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "oauth_states" ADD COLUMN "used_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "social_accounts" ADD COLUMN "last_sync_attempt_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "social_accounts" ADD COLUMN "needs_reconnect" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "social_accounts" ADD COLUMN "last_error" text;--> statement-breakpoint
CREATE UNIQUE INDEX "metric_snapshots_account_day_unique" ON "metric_snapshots" USING btree ("social_account_id",(("captured_at" at time zone 'UTC')::date));