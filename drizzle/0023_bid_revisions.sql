-- A bid's terms are versioned and kept (src/server/db/schema/bid-revisions.ts): an award names the
-- version the manager saw and is refused when the bid has moved on (lifecycle/award-routes.ts), and
-- the manager can read what changed. The database counts the versions and writes the history itself,
-- in the statement that places or changes the bid, whichever code path or script made it (the group
-- commit's batch, the keyed and single statements of POST bid, the full checks, PUT bid), so no
-- writer can forget either. Bids already there get version 1 with their terms as they are now.
ALTER TABLE "bids" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;
--> statement-breakpoint
CREATE TABLE "bid_revisions" (
	"bid_id" integer NOT NULL,
	"version" integer NOT NULL,
	"amount" integer NOT NULL,
	"estimated_time" numeric(10, 2) NOT NULL,
	"estimated_time_unit" text NOT NULL,
	"proposed_start_date" timestamp with time zone NOT NULL,
	"notes" text NOT NULL,
	"line_items" jsonb NOT NULL,
	"options" jsonb NOT NULL,
	"changed_by_id" integer,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "bid_revisions_bid_id_version_pk" PRIMARY KEY("bid_id","version")
);
--> statement-breakpoint
ALTER TABLE "bid_revisions" ADD CONSTRAINT "bid_revisions_bid_id_bids_id_fk" FOREIGN KEY ("bid_id") REFERENCES "public"."bids"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "bid_revisions" ADD CONSTRAINT "bid_revisions_changed_by_id_users_id_fk" FOREIGN KEY ("changed_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
INSERT INTO "bid_revisions" ("bid_id", "version", "amount", "estimated_time", "estimated_time_unit",
    "proposed_start_date", "notes", "line_items", "options", "changed_by_id", "created_at")
  SELECT "id", 1, "amount", "estimated_time", "estimated_time_unit", "proposed_start_date", "notes",
    "line_items", "options", "vendor_id", "created_at"
  FROM "bids";
--> statement-breakpoint
-- One more version when an update changes the bid's terms, the same version otherwise (a status
-- change, a PUT that sends the same terms again, a writer that sets version itself). Fires only for
-- updates that set one of these columns (never for an award's or a withdrawal's status).
CREATE FUNCTION bids_count_version() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF (NEW.amount, NEW.estimated_time, NEW.estimated_time_unit, NEW.proposed_start_date, NEW.notes,
      NEW.line_items, NEW.options)
     IS DISTINCT FROM (OLD.amount, OLD.estimated_time, OLD.estimated_time_unit, OLD.proposed_start_date,
      OLD.notes, OLD.line_items, OLD.options) THEN
    NEW.version := OLD.version + 1;
  ELSE
    NEW.version := OLD.version;
  END IF;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER bids_version BEFORE UPDATE OF amount, estimated_time, estimated_time_unit, proposed_start_date,
    notes, line_items, options, version ON bids
  FOR EACH ROW EXECUTE FUNCTION bids_count_version();
--> statement-breakpoint
-- The placed bids' first revisions, one statement for all the rows of an insert (the group commit's
-- batch, the bench seed); the vendor is who placed it.
CREATE FUNCTION bids_record_placed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO bid_revisions (bid_id, version, amount, estimated_time, estimated_time_unit, proposed_start_date,
      notes, line_items, options, changed_by_id, created_at)
    SELECT id, version, amount, estimated_time, estimated_time_unit, proposed_start_date, notes, line_items,
      options, vendor_id, created_at
    FROM new_rows;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER bids_revision_insert AFTER INSERT ON bids
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION bids_record_placed();
--> statement-breakpoint
-- A changed bid's new revision: only when bids_version counted one (a row trigger, so its WHEN spares
-- every other update the call).
CREATE FUNCTION bids_record_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO bid_revisions (bid_id, version, amount, estimated_time, estimated_time_unit, proposed_start_date,
      notes, line_items, options, changed_by_id, created_at)
    VALUES (NEW.id, NEW.version, NEW.amount, NEW.estimated_time, NEW.estimated_time_unit,
      NEW.proposed_start_date, NEW.notes, NEW.line_items, NEW.options, NEW.vendor_id, NEW.updated_at);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER bids_revision_update AFTER UPDATE ON bids
  FOR EACH ROW WHEN (OLD.version IS DISTINCT FROM NEW.version) EXECUTE FUNCTION bids_record_changed();
