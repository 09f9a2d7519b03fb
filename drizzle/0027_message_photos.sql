-- Photos sent with a message (src/server/db/schema/message-photos.ts). Each row repeats its message's
-- thread (request_id, vendor_id): GET /api/files/<key> decides who may read it from the row alone.
CREATE TABLE "message_photos" (
	"id" serial PRIMARY KEY NOT NULL,
	"message_id" integer NOT NULL,
	"request_id" integer NOT NULL,
	"vendor_id" integer NOT NULL,
	"position" smallint NOT NULL,
	"storage_key" text NOT NULL,
	"content_type" text NOT NULL,
	"size_bytes" integer NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "message_photos" ADD CONSTRAINT "message_photos_message_id_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."messages"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "message_photos" ADD CONSTRAINT "message_photos_request_id_maintenance_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."maintenance_requests"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "message_photos" ADD CONSTRAINT "message_photos_vendor_id_users_id_fk" FOREIGN KEY ("vendor_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "message_photos_message_idx" ON "message_photos" USING btree ("message_id","position");
--> statement-breakpoint
CREATE UNIQUE INDEX "message_photos_storage_key_idx" ON "message_photos" USING btree ("storage_key");
--> statement-breakpoint
-- A thread's photos are part of what its readers' caches hold (the conversations lists, keyed by
-- 'm:<vendor>', 'mc:<client>', 'mu:<creator>': src/server/cache/cache-changes.ts). The messages'
-- own trigger function names a thread by request_id and vendor_id, which these rows carry too, so
-- it announces photos landing, changing or going exactly as it announces their messages.
CREATE TRIGGER message_photos_cache_insert AFTER INSERT ON message_photos
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION cache_notify_messages();
--> statement-breakpoint
CREATE TRIGGER message_photos_cache_update AFTER UPDATE ON message_photos
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION cache_notify_messages();
--> statement-breakpoint
CREATE TRIGGER message_photos_cache_delete AFTER DELETE ON message_photos
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION cache_notify_messages();
--> statement-breakpoint
CREATE TRIGGER message_photos_cache_truncate AFTER TRUNCATE ON message_photos
  FOR EACH STATEMENT EXECUTE FUNCTION cache_notify_truncated();
