DROP INDEX "clients_created_at_idx";--> statement-breakpoint
DROP INDEX "clients_name_idx";--> statement-breakpoint
DROP INDEX "clients_name_trgm_idx";--> statement-breakpoint
DROP INDEX "clients_email_trgm_idx";--> statement-breakpoint
DROP INDEX "clients_company_trgm_idx";--> statement-breakpoint
DROP INDEX "tasks_title_trgm_idx";--> statement-breakpoint
DROP INDEX "tasks_description_trgm_idx";--> statement-breakpoint
DROP INDEX "tasks_assigned_to_trgm_idx";--> statement-breakpoint
DROP INDEX "content_items_created_at_idx";--> statement-breakpoint
DROP INDEX "content_items_content_trgm_idx";--> statement-breakpoint
DROP INDEX "invoices_number_trgm_idx";--> statement-breakpoint
DROP INDEX "invoices_description_trgm_idx";--> statement-breakpoint
ALTER TABLE "clients" ADD COLUMN "search_text" text GENERATED ALWAYS AS (lower(coalesce("name", '') || E'\n' || coalesce("email", '') || E'\n' || coalesce("company", ''))) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "tasks" ADD COLUMN "search_text" text GENERATED ALWAYS AS (lower(coalesce("title", '') || E'\n' || coalesce("description", '') || E'\n' || coalesce("assigned_to", ''))) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "content_items" ADD COLUMN "search_text" text GENERATED ALWAYS AS (lower(coalesce("content", ''))) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "search_text" text GENERATED ALWAYS AS (lower(coalesce("invoice_number", '') || E'\n' || coalesce("description", ''))) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "clients_created_at_id_idx" ON "clients" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "clients_name_id_idx" ON "clients" USING btree (lower("name"),"id");--> statement-breakpoint
CREATE INDEX "clients_search_trgm_idx" ON "clients" USING gin ("search_text" gin_trgm_ops) WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "clients_lower_name_trgm_idx" ON "clients" USING gin (lower("name") gin_trgm_ops) WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "tasks_search_trgm_idx" ON "tasks" USING gin ("search_text" gin_trgm_ops) WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "content_items_created_at_id_idx" ON "content_items" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "content_items_search_trgm_idx" ON "content_items" USING gin ("search_text" gin_trgm_ops) WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "invoices_client_status_amount_idx" ON "invoices" USING btree ("client_id","status","amount");--> statement-breakpoint
CREATE INDEX "invoices_search_trgm_idx" ON "invoices" USING gin ("search_text" gin_trgm_ops) WITH (fastupdate=false);