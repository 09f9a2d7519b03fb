-- POST message keeps each thread's access in the process (src/server/messages/thread-access-cache.ts,
-- issue 14): the request's visibility facts, its managers and the recipients' notification facts.
-- Two things it reads told no cache of their changes, so this migration adds their notices
-- (grammar: src/server/cache/cache-changes.ts):
--   'nf:<user>'    a user's notification facts: their choices, quiet hours and push devices (the
--                  user's own columns already send 'u:<user>', 0009);
--   'cm:<client>'  who the client's managers are: a user inserted or deleted with that client, or
--                  one whose client, type or active flag changed (a manager joining a client sends
--                  no 'u:' a kept entry could name; 0009 sends only on update and delete).
CREATE FUNCTION cache_notify_client_members() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  changed_clients integer[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT array_agg(DISTINCT client_id) FILTER (WHERE client_id IS NOT NULL) INTO changed_clients FROM new_rows;
  ELSIF TG_OP = 'DELETE' THEN
    SELECT array_agg(DISTINCT client_id) FILTER (WHERE client_id IS NOT NULL) INTO changed_clients FROM old_rows;
  ELSE
    -- Only a change of who belongs (a login's last_login_at says nothing), both sides of it. Set
    -- differences, not a join: transition tables have no index.
    SELECT array_agg(DISTINCT client_id) FILTER (WHERE client_id IS NOT NULL) INTO changed_clients FROM (
      (SELECT id, client_id, type, is_active FROM new_rows EXCEPT SELECT id, client_id, type, is_active FROM old_rows)
      UNION ALL
      (SELECT id, client_id, type, is_active FROM old_rows EXCEPT SELECT id, client_id, type, is_active FROM new_rows)
    ) AS changed;
  END IF;
  IF changed_clients IS NOT NULL THEN
    PERFORM pg_notify('fieldbid_auth_changes', cache_ids('cm', changed_clients));
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER users_members_cache_insert AFTER INSERT ON users
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION cache_notify_client_members();
--> statement-breakpoint
CREATE TRIGGER users_members_cache_update AFTER UPDATE ON users
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION cache_notify_client_members();
--> statement-breakpoint
CREATE TRIGGER users_members_cache_delete AFTER DELETE ON users
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION cache_notify_client_members();
--> statement-breakpoint
CREATE TRIGGER users_members_cache_truncate AFTER TRUNCATE ON users
  FOR EACH STATEMENT EXECUTE FUNCTION cache_notify_truncated();
--> statement-breakpoint
CREATE TRIGGER notification_preferences_cache_insert AFTER INSERT ON notification_preferences
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION cache_notify_column('nf', 'user_id');
--> statement-breakpoint
CREATE TRIGGER notification_preferences_cache_update AFTER UPDATE ON notification_preferences
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION cache_notify_column('nf', 'user_id');
--> statement-breakpoint
CREATE TRIGGER notification_preferences_cache_delete AFTER DELETE ON notification_preferences
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION cache_notify_column('nf', 'user_id');
--> statement-breakpoint
CREATE TRIGGER notification_preferences_cache_truncate AFTER TRUNCATE ON notification_preferences
  FOR EACH STATEMENT EXECUTE FUNCTION cache_notify_truncated();
--> statement-breakpoint
CREATE TRIGGER notification_quiet_hours_cache_insert AFTER INSERT ON notification_quiet_hours
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION cache_notify_column('nf', 'user_id');
--> statement-breakpoint
CREATE TRIGGER notification_quiet_hours_cache_update AFTER UPDATE ON notification_quiet_hours
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION cache_notify_column('nf', 'user_id');
--> statement-breakpoint
CREATE TRIGGER notification_quiet_hours_cache_delete AFTER DELETE ON notification_quiet_hours
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION cache_notify_column('nf', 'user_id');
--> statement-breakpoint
CREATE TRIGGER notification_quiet_hours_cache_truncate AFTER TRUNCATE ON notification_quiet_hours
  FOR EACH STATEMENT EXECUTE FUNCTION cache_notify_truncated();
--> statement-breakpoint
CREATE TRIGGER push_subscriptions_cache_insert AFTER INSERT ON push_subscriptions
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION cache_notify_column('nf', 'user_id');
--> statement-breakpoint
CREATE TRIGGER push_subscriptions_cache_update AFTER UPDATE ON push_subscriptions
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION cache_notify_column('nf', 'user_id');
--> statement-breakpoint
CREATE TRIGGER push_subscriptions_cache_delete AFTER DELETE ON push_subscriptions
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION cache_notify_column('nf', 'user_id');
--> statement-breakpoint
CREATE TRIGGER push_subscriptions_cache_truncate AFTER TRUNCATE ON push_subscriptions
  FOR EACH STATEMENT EXECUTE FUNCTION cache_notify_truncated();
