ALTER TABLE "subscriptions" DROP CONSTRAINT "subscriptions_plan_check";--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "paused_at" timestamp with time zone;