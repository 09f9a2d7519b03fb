CREATE TABLE "request_spots" (
	"request_id" integer PRIMARY KEY NOT NULL,
	"layout_id" integer NOT NULL,
	"x" double precision NOT NULL,
	"y" double precision NOT NULL,
	"area" jsonb
);
--> statement-breakpoint
ALTER TABLE "request_spots" ADD CONSTRAINT "request_spots_request_id_maintenance_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."maintenance_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "request_spots" ADD CONSTRAINT "request_spots_layout_id_layouts_id_fk" FOREIGN KEY ("layout_id") REFERENCES "public"."layouts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "request_spots_layout_idx" ON "request_spots" USING btree ("layout_id");--> statement-breakpoint
-- The request detail (cached per asker, src/server/requests/request-detail-routes.ts) now shows the
-- spot with its layout excerpt and nearest in-wall photos: a spot's writes name its request, and the
-- documentation it shows (layouts, photos, their close-ups) names its property, 'p:<project id>',
-- which the detail's tags already carry.
CREATE TRIGGER request_spots_cache_insert AFTER INSERT ON request_spots
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION cache_notify_request_parts('');
--> statement-breakpoint
CREATE TRIGGER request_spots_cache_update AFTER UPDATE ON request_spots
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION cache_notify_request_parts('');
--> statement-breakpoint
CREATE TRIGGER request_spots_cache_delete AFTER DELETE ON request_spots
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION cache_notify_request_parts('');
--> statement-breakpoint
CREATE TRIGGER request_spots_cache_truncate AFTER TRUNCATE ON request_spots
  FOR EACH STATEMENT EXECUTE FUNCTION cache_notify_truncated();
--> statement-breakpoint
CREATE TRIGGER layouts_cache_insert AFTER INSERT ON layouts
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION cache_notify_column('p', 'project_id');
--> statement-breakpoint
CREATE TRIGGER layouts_cache_update AFTER UPDATE ON layouts
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION cache_notify_column('p', 'project_id');
--> statement-breakpoint
CREATE TRIGGER layouts_cache_delete AFTER DELETE ON layouts
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION cache_notify_column('p', 'project_id');
--> statement-breakpoint
CREATE TRIGGER layouts_cache_truncate AFTER TRUNCATE ON layouts
  FOR EACH STATEMENT EXECUTE FUNCTION cache_notify_truncated();
--> statement-breakpoint
CREATE TRIGGER photos_cache_insert AFTER INSERT ON photos
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION cache_notify_column('p', 'project_id');
--> statement-breakpoint
CREATE TRIGGER photos_cache_update AFTER UPDATE ON photos
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION cache_notify_column('p', 'project_id');
--> statement-breakpoint
CREATE TRIGGER photos_cache_delete AFTER DELETE ON photos
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION cache_notify_column('p', 'project_id');
--> statement-breakpoint
CREATE TRIGGER photos_cache_truncate AFTER TRUNCATE ON photos
  FOR EACH STATEMENT EXECUTE FUNCTION cache_notify_truncated();
--> statement-breakpoint
-- A close-up names the property of its photo (a close-up deleted with its photo: the photo's own
-- delete already named the property).
CREATE FUNCTION cache_notify_hotspots() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  ids text[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    ids := ARRAY(SELECT p.project_id::text FROM new_rows h JOIN photos p ON p.id = h.photo_id);
  ELSIF TG_OP = 'DELETE' THEN
    ids := ARRAY(SELECT p.project_id::text FROM old_rows h JOIN photos p ON p.id = h.photo_id);
  ELSE
    ids := ARRAY(SELECT p.project_id::text FROM new_rows h JOIN photos p ON p.id = h.photo_id
      UNION SELECT p.project_id::text FROM old_rows h JOIN photos p ON p.id = h.photo_id);
  END IF;
  PERFORM cache_notify(cache_group('p', ids));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER panorama_hotspots_cache_insert AFTER INSERT ON panorama_hotspots
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION cache_notify_hotspots();
--> statement-breakpoint
CREATE TRIGGER panorama_hotspots_cache_update AFTER UPDATE ON panorama_hotspots
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION cache_notify_hotspots();
--> statement-breakpoint
CREATE TRIGGER panorama_hotspots_cache_delete AFTER DELETE ON panorama_hotspots
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION cache_notify_hotspots();
--> statement-breakpoint
CREATE TRIGGER panorama_hotspots_cache_truncate AFTER TRUNCATE ON panorama_hotspots
  FOR EACH STATEMENT EXECUTE FUNCTION cache_notify_truncated();
