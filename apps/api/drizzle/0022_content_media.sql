ALTER TABLE "files" DROP CONSTRAINT "files_file_type_check";--> statement-breakpoint
ALTER TABLE "content_items" ADD COLUMN "media_file_id" integer;--> statement-breakpoint
ALTER TABLE "content_reviews" ADD COLUMN "override" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "content_items" ADD CONSTRAINT "content_items_media_file_id_files_id_fk" FOREIGN KEY ("media_file_id") REFERENCES "public"."files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "files" ADD CONSTRAINT "files_file_type_check" CHECK ("files"."file_type" in ('image', 'pdf', 'doc', 'docx', 'txt', 'video'));