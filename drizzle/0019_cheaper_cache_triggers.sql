-- The cache triggers of the busiest writes, rewritten for cost (issue 14): the same messages as 0014
-- (grammar: src/server/cache/cache-changes.ts), for less of the database's time. Measured on the bench
-- data, a message's INSERT spent 0.3 ms in cache_notify_messages, more than the insert itself: nested
-- PL/pgSQL calls (cache_group, cache_notify) of one statement each, and a lookup planned afresh on
-- every call (an array parameter makes the planner prefer a custom plan each time).
--
-- A group of one kind: `kind:id,id` for at most 100 ids, `kind:*` beyond, NULL for none. SQL and
-- STABLE (as array_to_string is) so the planner inlines it into the caller's statement.
CREATE FUNCTION cache_ids(kind text, ids anyarray) RETURNS text LANGUAGE sql STABLE AS $$
  SELECT CASE
    WHEN cardinality(ids) > 100 THEN kind || ':*'
    WHEN cardinality(ids) > 0 THEN kind || ':' || array_to_string(ids, ',')
  END
$$;
--> statement-breakpoint
-- Messages: 'm:<vendor>' and the thread's other side, 'mc:<client of the request's property>' and
-- 'mu:<request's creator>'; past 100 requests, every client's and creator's threads. Two statements:
-- the changed threads, then the owners' lookup and the notice. A generic plan for the lookup: its
-- cost does not depend on the array's values.
CREATE OR REPLACE FUNCTION cache_notify_messages() RETURNS trigger LANGUAGE plpgsql
SET plan_cache_mode = force_generic_plan AS $$
DECLARE
  vendors integer[];
  requests integer[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT array_agg(DISTINCT vendor_id), array_agg(DISTINCT request_id) INTO vendors, requests FROM new_rows;
  ELSIF TG_OP = 'DELETE' THEN
    SELECT array_agg(DISTINCT vendor_id), array_agg(DISTINCT request_id) INTO vendors, requests FROM old_rows;
  ELSE
    SELECT array_agg(DISTINCT vendor_id), array_agg(DISTINCT request_id) INTO vendors, requests
      FROM (SELECT vendor_id, request_id FROM old_rows UNION ALL SELECT vendor_id, request_id FROM new_rows) AS changed;
  END IF;
  IF requests IS NULL THEN
    RETURN NULL;
  ELSIF cardinality(requests) > 100 THEN
    -- A bulk write (the bench seed): every client's and creator's threads, without looking them up.
    PERFORM pg_notify('fieldbid_auth_changes', concat_ws(' ', cache_ids('m', vendors), 'mc:*', 'mu:*'));
  ELSE
    PERFORM pg_notify('fieldbid_auth_changes', concat_ws(' ',
        cache_ids('m', vendors),
        cache_ids('mc', array_agg(DISTINCT p.client_id) FILTER (WHERE p.client_id IS NOT NULL)),
        cache_ids('mu', array_agg(DISTINCT r.created_by_id) FILTER (WHERE r.created_by_id IS NOT NULL))))
      FROM maintenance_requests r LEFT JOIN projects p ON p.id = r.project_id
      WHERE r.id = ANY (requests);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- Bids, invitations, photos, history, spots: 'r:<request>', with 'l' (list_too) or 'v:<vendor>'
-- (vendor_too), in one or two statements.
CREATE OR REPLACE FUNCTION cache_notify_request_parts() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  requests integer[];
  vendors integer[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT array_agg(DISTINCT request_id) FILTER (WHERE request_id IS NOT NULL) INTO requests FROM new_rows;
  ELSIF TG_OP = 'DELETE' THEN
    SELECT array_agg(DISTINCT request_id) FILTER (WHERE request_id IS NOT NULL) INTO requests FROM old_rows;
  ELSE
    SELECT array_agg(DISTINCT request_id) FILTER (WHERE request_id IS NOT NULL) INTO requests
      FROM (SELECT request_id FROM old_rows UNION ALL SELECT request_id FROM new_rows) AS changed;
  END IF;
  IF requests IS NULL THEN
    RETURN NULL;
  END IF;
  IF TG_ARGV[0] = 'vendor_too' THEN
    IF TG_OP = 'INSERT' THEN
      SELECT array_agg(DISTINCT vendor_id) INTO vendors FROM new_rows;
    ELSIF TG_OP = 'DELETE' THEN
      SELECT array_agg(DISTINCT vendor_id) INTO vendors FROM old_rows;
    ELSE
      SELECT array_agg(DISTINCT vendor_id) INTO vendors
        FROM (SELECT vendor_id FROM old_rows UNION ALL SELECT vendor_id FROM new_rows) AS changed;
    END IF;
  END IF;
  PERFORM pg_notify('fieldbid_auth_changes', concat_ws(' ',
    CASE WHEN TG_ARGV[0] = 'list_too' THEN 'l' END, cache_ids('r', requests), cache_ids('v', vendors)));
  RETURN NULL;
END $$;
--> statement-breakpoint
-- Notifications, units, clients, layouts, photos: one kind named by one column (TG_ARGV[0], TG_ARGV[1]).
CREATE OR REPLACE FUNCTION cache_notify_column() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  ids text[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    EXECUTE format('SELECT array_agg(DISTINCT %1$I::text) FILTER (WHERE %1$I IS NOT NULL) FROM new_rows', TG_ARGV[1]) INTO ids;
  ELSIF TG_OP = 'DELETE' THEN
    EXECUTE format('SELECT array_agg(DISTINCT %1$I::text) FILTER (WHERE %1$I IS NOT NULL) FROM old_rows', TG_ARGV[1]) INTO ids;
  ELSE
    EXECUTE format(
      'SELECT array_agg(DISTINCT id) FILTER (WHERE id IS NOT NULL) FROM (SELECT %1$I::text FROM old_rows UNION ALL SELECT %1$I::text FROM new_rows) AS changed(id)',
      TG_ARGV[1]
    ) INTO ids;
  END IF;
  IF ids IS NOT NULL THEN
    PERFORM pg_notify('fieldbid_auth_changes', cache_ids(TG_ARGV[0], ids));
  END IF;
  RETURN NULL;
END $$;
