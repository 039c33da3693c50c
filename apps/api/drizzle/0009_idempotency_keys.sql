CREATE TABLE "idempotency_keys" (
	"scope" varchar(80) NOT NULL,
	"route" varchar(200) NOT NULL,
	"key" varchar(255) NOT NULL,
	"fingerprint" varchar(64) NOT NULL,
	"status" integer,
	"response_body" text,
	"response_type" varchar(100),
	"locked_until" timestamp with time zone NOT NULL,
	"committed_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "idempotency_keys_scope_route_key_unique" ON "idempotency_keys" USING btree ("scope","route","key");--> statement-breakpoint
CREATE INDEX "idempotency_keys_expires_at_idx" ON "idempotency_keys" USING btree ("expires_at");