-- Tickets live 30 seconds: the ones outstanding at upgrade are dropped (a browser asks for a new one).
DELETE FROM "ws_tickets";--> statement-breakpoint
ALTER TABLE "ws_tickets" ADD COLUMN "token_id" integer NOT NULL;--> statement-breakpoint
ALTER TABLE "ws_tickets" ADD CONSTRAINT "ws_tickets_token_id_auth_tokens_id_fk" FOREIGN KEY ("token_id") REFERENCES "public"."auth_tokens"("id") ON DELETE cascade ON UPDATE no action;