CREATE TABLE "job_schedule_slots" (
	"job" varchar(100) NOT NULL,
	"slot" timestamp with time zone NOT NULL,
	"claimed_at" timestamp with time zone NOT NULL,
	CONSTRAINT "job_schedule_slots_job_slot_pk" PRIMARY KEY("job","slot")
);
--> statement-breakpoint
CREATE INDEX "job_schedule_slots_claimed_at_idx" ON "job_schedule_slots" USING btree ("claimed_at");