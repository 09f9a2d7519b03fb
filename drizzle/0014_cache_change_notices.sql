-- Per-process read caches (src/server/cache/) learn of every write that may change what they hold
-- through the channel the session caches already use (0009, 0011), in the transaction of the write,
-- whichever code or script made it. A message holds groups separated by spaces, each one kind of tag
-- and its ids (grammar and kinds: src/server/cache/cache-changes.ts); statement-level triggers send
-- one message per statement, naming at most 100 ids of a kind (else '<kind>:*'). What each table's
-- writes send:
--   maintenance_requests  'l' (the request lists) and 'r:<id>'; '*' when one moves to another
--                         property or creator (who sees, manages and talks about it changes)
--   request_invitations   'l' and 'r:<request id>'
--   bids                  'r:<request id>' and 'v:<vendor id>'
--   request_photos, request_status_history   'r:<request id>'
--   messages              'm:<vendor id>', 'mc:<client of the request's property>', 'mu:<request's creator>'
--   notifications         'n:<user id>'
--   projects, units       'p:<project id>'; '*' when a property moves to another client
--   clients               'cl:<id>'
--   sessions (0009)       now 's:*' rather than '*' past 100 ids, so the sweep leaves the read caches be
-- TRUNCATE of any of them sends '*'. A statement that touched no row sends nothing.
CREATE FUNCTION cache_group(kind text, ids text[]) RETURNS text LANGUAGE plpgsql AS $$
DECLARE
  named text[];
BEGIN
  SELECT array_agg(DISTINCT id) INTO named FROM unnest(ids) AS id WHERE id IS NOT NULL;
  IF named IS NULL THEN
    RETURN NULL;
  ELSIF cardinality(named) > 100 THEN
    -- A NOTIFY payload holds under 8,000 bytes: past 100 ids, every id of the kind.
    RETURN kind || ':*';
  END IF;
  RETURN kind || ':' || array_to_string(named, ',');
END $$;
--> statement-breakpoint
-- One message for the groups given (none when all are empty): every notifying transaction commits
-- under PostgreSQL's one notify lock, so the fewer and smaller, the better.
CREATE FUNCTION cache_notify(VARIADIC groups text[]) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  payload text;
BEGIN
  SELECT string_agg(g, ' ') INTO payload FROM unnest(groups) AS g WHERE g IS NOT NULL;
  IF payload IS NOT NULL THEN
    PERFORM pg_notify('fieldbid_auth_changes', payload);
  END IF;
END $$;
--> statement-breakpoint
CREATE FUNCTION cache_notify_truncated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('fieldbid_auth_changes', '*');
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION cache_notify_requests() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  ids text[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    ids := ARRAY(SELECT id::text FROM new_rows);
  ELSE
    ids := ARRAY(SELECT id::text FROM old_rows);
  END IF;
  IF cardinality(ids) = 0 THEN
    RETURN NULL;
  END IF;
  IF TG_OP = 'UPDATE' THEN
    -- A set difference, not a join: transition tables have no index, and a bulk update would pair
    -- every old row with every new one.
    IF EXISTS (
      SELECT id, project_id, created_by_id FROM new_rows EXCEPT SELECT id, project_id, created_by_id FROM old_rows
    ) THEN
      PERFORM pg_notify('fieldbid_auth_changes', '*');
      RETURN NULL;
    END IF;
  END IF;
  PERFORM cache_notify('l', cache_group('r', ids));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER requests_cache_insert AFTER INSERT ON maintenance_requests
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION cache_notify_requests();
--> statement-breakpoint
CREATE TRIGGER requests_cache_update AFTER UPDATE ON maintenance_requests
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION cache_notify_requests();
--> statement-breakpoint
CREATE TRIGGER requests_cache_delete AFTER DELETE ON maintenance_requests
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION cache_notify_requests();
--> statement-breakpoint
CREATE TRIGGER requests_cache_truncate AFTER TRUNCATE ON maintenance_requests
  FOR EACH STATEMENT EXECUTE FUNCTION cache_notify_truncated();
--> statement-breakpoint
-- Tables that hang on a request: request_id names the request; list_too adds 'l' (invitations
-- decide who sees a request in the lists), vendor_too adds 'v:<vendor id>' (bids).
CREATE FUNCTION cache_notify_request_parts() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  requests text[];
  vendors text[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    requests := ARRAY(SELECT request_id::text FROM new_rows);
  ELSIF TG_OP = 'DELETE' THEN
    requests := ARRAY(SELECT request_id::text FROM old_rows);
  ELSE
    requests := ARRAY(SELECT request_id::text FROM old_rows UNION SELECT request_id::text FROM new_rows);
  END IF;
  IF cardinality(requests) = 0 THEN
    RETURN NULL;
  END IF;
  IF TG_ARGV[0] = 'vendor_too' THEN
    IF TG_OP = 'INSERT' THEN
      vendors := ARRAY(SELECT vendor_id::text FROM new_rows);
    ELSIF TG_OP = 'DELETE' THEN
      vendors := ARRAY(SELECT vendor_id::text FROM old_rows);
    ELSE
      vendors := ARRAY(SELECT vendor_id::text FROM old_rows UNION SELECT vendor_id::text FROM new_rows);
    END IF;
  END IF;
  PERFORM cache_notify(
    CASE WHEN TG_ARGV[0] = 'list_too' THEN 'l' END,
    cache_group('r', requests),
    cache_group('v', vendors)
  );
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER request_invitations_cache_insert AFTER INSERT ON request_invitations
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION cache_notify_request_parts('list_too');
--> statement-breakpoint
CREATE TRIGGER request_invitations_cache_update AFTER UPDATE ON request_invitations
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION cache_notify_request_parts('list_too');
--> statement-breakpoint
CREATE TRIGGER request_invitations_cache_delete AFTER DELETE ON request_invitations
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION cache_notify_request_parts('list_too');
--> statement-breakpoint
CREATE TRIGGER request_invitations_cache_truncate AFTER TRUNCATE ON request_invitations
  FOR EACH STATEMENT EXECUTE FUNCTION cache_notify_truncated();
--> statement-breakpoint
CREATE TRIGGER bids_cache_insert AFTER INSERT ON bids
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION cache_notify_request_parts('vendor_too');
--> statement-breakpoint
CREATE TRIGGER bids_cache_update AFTER UPDATE ON bids
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION cache_notify_request_parts('vendor_too');
--> statement-breakpoint
CREATE TRIGGER bids_cache_delete AFTER DELETE ON bids
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION cache_notify_request_parts('vendor_too');
--> statement-breakpoint
CREATE TRIGGER bids_cache_truncate AFTER TRUNCATE ON bids
  FOR EACH STATEMENT EXECUTE FUNCTION cache_notify_truncated();
--> statement-breakpoint
CREATE TRIGGER request_photos_cache_insert AFTER INSERT ON request_photos
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION cache_notify_request_parts('');
--> statement-breakpoint
CREATE TRIGGER request_photos_cache_update AFTER UPDATE ON request_photos
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION cache_notify_request_parts('');
--> statement-breakpoint
CREATE TRIGGER request_photos_cache_delete AFTER DELETE ON request_photos
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION cache_notify_request_parts('');
--> statement-breakpoint
CREATE TRIGGER request_photos_cache_truncate AFTER TRUNCATE ON request_photos
  FOR EACH STATEMENT EXECUTE FUNCTION cache_notify_truncated();
--> statement-breakpoint
CREATE TRIGGER request_status_history_cache_insert AFTER INSERT ON request_status_history
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION cache_notify_request_parts('');
--> statement-breakpoint
CREATE TRIGGER request_status_history_cache_update AFTER UPDATE ON request_status_history
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION cache_notify_request_parts('');
--> statement-breakpoint
CREATE TRIGGER request_status_history_cache_delete AFTER DELETE ON request_status_history
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION cache_notify_request_parts('');
--> statement-breakpoint
CREATE TRIGGER request_status_history_cache_truncate AFTER TRUNCATE ON request_status_history
  FOR EACH STATEMENT EXECUTE FUNCTION cache_notify_truncated();
--> statement-breakpoint
-- A thread is seen by its vendor, by the managers of the client owning the request's property and
-- by staff who raised the request: each side's conversations list is told by its own tag.
CREATE FUNCTION cache_notify_messages() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  vendors text[];
  requests integer[];
  clients text[];
  creators text[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT array_agg(DISTINCT vendor_id::text), array_agg(DISTINCT request_id) INTO vendors, requests FROM new_rows;
  ELSIF TG_OP = 'DELETE' THEN
    SELECT array_agg(DISTINCT vendor_id::text), array_agg(DISTINCT request_id) INTO vendors, requests FROM old_rows;
  ELSE
    SELECT array_agg(DISTINCT vendor_id::text), array_agg(DISTINCT request_id) INTO vendors, requests
      FROM (SELECT vendor_id, request_id FROM old_rows UNION ALL SELECT vendor_id, request_id FROM new_rows) AS changed;
  END IF;
  IF requests IS NULL THEN
    RETURN NULL;
  END IF;
  IF cardinality(requests) > 100 THEN
    -- A bulk write (the bench seed): every client's and creator's threads, without looking them up.
    PERFORM cache_notify(cache_group('m', vendors), 'mc:*', 'mu:*');
    RETURN NULL;
  END IF;
  SELECT array_agg(p.client_id::text), array_agg(r.created_by_id::text) INTO clients, creators
    FROM unnest(requests) AS q(id)
    JOIN maintenance_requests r ON r.id = q.id LEFT JOIN projects p ON p.id = r.project_id;
  PERFORM cache_notify(cache_group('m', vendors), cache_group('mc', clients), cache_group('mu', creators));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER messages_cache_insert AFTER INSERT ON messages
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION cache_notify_messages();
--> statement-breakpoint
CREATE TRIGGER messages_cache_update AFTER UPDATE ON messages
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION cache_notify_messages();
--> statement-breakpoint
CREATE TRIGGER messages_cache_delete AFTER DELETE ON messages
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION cache_notify_messages();
--> statement-breakpoint
CREATE TRIGGER messages_cache_truncate AFTER TRUNCATE ON messages
  FOR EACH STATEMENT EXECUTE FUNCTION cache_notify_truncated();
--> statement-breakpoint
-- One function for the tables named by a single column: TG_ARGV[0] is the kind, TG_ARGV[1] the column.
CREATE FUNCTION cache_notify_column() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  ids text[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    EXECUTE format('SELECT ARRAY(SELECT %I::text FROM new_rows)', TG_ARGV[1]) INTO ids;
  ELSIF TG_OP = 'DELETE' THEN
    EXECUTE format('SELECT ARRAY(SELECT %I::text FROM old_rows)', TG_ARGV[1]) INTO ids;
  ELSE
    EXECUTE format('SELECT ARRAY(SELECT %1$I::text FROM old_rows UNION SELECT %1$I::text FROM new_rows)', TG_ARGV[1])
      INTO ids;
  END IF;
  PERFORM cache_notify(cache_group(TG_ARGV[0], ids));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER notifications_cache_insert AFTER INSERT ON notifications
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION cache_notify_column('n', 'user_id');
--> statement-breakpoint
CREATE TRIGGER notifications_cache_update AFTER UPDATE ON notifications
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION cache_notify_column('n', 'user_id');
--> statement-breakpoint
CREATE TRIGGER notifications_cache_delete AFTER DELETE ON notifications
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION cache_notify_column('n', 'user_id');
--> statement-breakpoint
CREATE TRIGGER notifications_cache_truncate AFTER TRUNCATE ON notifications
  FOR EACH STATEMENT EXECUTE FUNCTION cache_notify_truncated();
--> statement-breakpoint
CREATE TRIGGER units_cache_insert AFTER INSERT ON units
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION cache_notify_column('p', 'project_id');
--> statement-breakpoint
CREATE TRIGGER units_cache_update AFTER UPDATE ON units
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION cache_notify_column('p', 'project_id');
--> statement-breakpoint
CREATE TRIGGER units_cache_delete AFTER DELETE ON units
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION cache_notify_column('p', 'project_id');
--> statement-breakpoint
CREATE TRIGGER units_cache_truncate AFTER TRUNCATE ON units
  FOR EACH STATEMENT EXECUTE FUNCTION cache_notify_truncated();
--> statement-breakpoint
CREATE TRIGGER clients_cache_insert AFTER INSERT ON clients
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION cache_notify_column('cl', 'id');
--> statement-breakpoint
CREATE TRIGGER clients_cache_update AFTER UPDATE ON clients
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION cache_notify_column('cl', 'id');
--> statement-breakpoint
CREATE TRIGGER clients_cache_delete AFTER DELETE ON clients
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION cache_notify_column('cl', 'id');
--> statement-breakpoint
CREATE TRIGGER clients_cache_truncate AFTER TRUNCATE ON clients
  FOR EACH STATEMENT EXECUTE FUNCTION cache_notify_truncated();
--> statement-breakpoint
CREATE FUNCTION cache_notify_projects() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' THEN
    IF EXISTS (SELECT id, client_id FROM new_rows EXCEPT SELECT id, client_id FROM old_rows) THEN
      PERFORM pg_notify('fieldbid_auth_changes', '*');
      RETURN NULL;
    END IF;
    PERFORM cache_notify(cache_group('p', ARRAY(SELECT id::text FROM new_rows)));
  ELSIF TG_OP = 'INSERT' THEN
    PERFORM cache_notify(cache_group('p', ARRAY(SELECT id::text FROM new_rows)));
  ELSE
    PERFORM cache_notify(cache_group('p', ARRAY(SELECT id::text FROM old_rows)));
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER projects_cache_insert AFTER INSERT ON projects
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION cache_notify_projects();
--> statement-breakpoint
CREATE TRIGGER projects_cache_update AFTER UPDATE ON projects
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION cache_notify_projects();
--> statement-breakpoint
CREATE TRIGGER projects_cache_delete AFTER DELETE ON projects
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION cache_notify_projects();
--> statement-breakpoint
CREATE TRIGGER projects_cache_truncate AFTER TRUNCATE ON projects
  FOR EACH STATEMENT EXECUTE FUNCTION cache_notify_truncated();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION auth_notify_sessions_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  gone integer;
BEGIN
  SELECT count(*) INTO gone FROM old_rows;
  IF gone = 0 THEN
    RETURN NULL;
  ELSIF gone > 100 THEN
    -- A NOTIFY payload holds under 8,000 bytes: past 100 session ids, every process drops all of them.
    PERFORM pg_notify('fieldbid_auth_changes', 's:*');
  ELSE
    PERFORM pg_notify('fieldbid_auth_changes', 's:' || (SELECT string_agg(id, ',') FROM old_rows));
  END IF;
  RETURN NULL;
END $$;
