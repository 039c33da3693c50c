-- Trigram indexes make ILIKE searches index lookups (PGlite loads the pg_trgm extension when it opens).
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
DROP INDEX "tasks_due_date_idx";--> statement-breakpoint
DROP INDEX "tasks_created_at_idx";--> statement-breakpoint
DROP INDEX "invoices_created_at_idx";--> statement-breakpoint
CREATE INDEX "clients_name_trgm_idx" ON "clients" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "clients_email_trgm_idx" ON "clients" USING gin ("email" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "clients_company_trgm_idx" ON "clients" USING gin ("company" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "tasks_title_trgm_idx" ON "tasks" USING gin ("title" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "tasks_description_trgm_idx" ON "tasks" USING gin ("description" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "tasks_assigned_to_trgm_idx" ON "tasks" USING gin ("assigned_to" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "tasks_due_date_id_idx" ON "tasks" USING btree ("due_date","id");--> statement-breakpoint
CREATE INDEX "tasks_created_at_id_idx" ON "tasks" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "tasks_status_created_idx" ON "tasks" USING btree ("status","created_at","id");--> statement-breakpoint
CREATE INDEX "content_items_content_trgm_idx" ON "content_items" USING gin ("content" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "content_items_status_created_idx" ON "content_items" USING btree ("status","created_at","id");--> statement-breakpoint
CREATE INDEX "invoices_status_amount_idx" ON "invoices" USING btree ("status","amount","id");--> statement-breakpoint
CREATE INDEX "invoices_created_at_id_idx" ON "invoices" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "invoices_number_trgm_idx" ON "invoices" USING gin ("invoice_number" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "invoices_description_trgm_idx" ON "invoices" USING gin ("description" gin_trgm_ops);