-- Every process keeps recently used sessions in memory (src/server/auth/session-cache.ts). These
-- triggers tell all of them, through NOTIFY (delivered on commit), when a cached session or user may
-- be stale: a session deleted (logout, deactivation, password reset, the sweep), a user row changed
-- (deactivated, new password, new email, new type or client) or a vendor's trades changed. They fire
-- whichever code path or script made the change, so no caller can forget to invalidate.
CREATE FUNCTION auth_notify_sessions_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  gone integer;
BEGIN
  SELECT count(*) INTO gone FROM old_rows;
  IF gone = 0 THEN
    RETURN NULL;
  ELSIF gone > 100 THEN
    -- A NOTIFY payload holds under 8,000 bytes: past 100 session ids, every process drops all.
    PERFORM pg_notify('fieldbid_auth_changes', '*');
  ELSE
    PERFORM pg_notify('fieldbid_auth_changes', 's:' || (SELECT string_agg(id, ',') FROM old_rows));
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER sessions_deleted_notify AFTER DELETE ON sessions
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION auth_notify_sessions_deleted();
--> statement-breakpoint
CREATE FUNCTION auth_notify_user_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  changed record;
BEGIN
  IF TG_OP = 'DELETE' THEN
    changed := OLD;
  ELSE
    changed := NEW;
  END IF;
  IF TG_TABLE_NAME = 'vendor_profiles' THEN
    PERFORM pg_notify('fieldbid_auth_changes', 'u:' || changed.user_id);
  ELSE
    PERFORM pg_notify('fieldbid_auth_changes', 'u:' || changed.id);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER users_changed_notify AFTER UPDATE OR DELETE ON users
  FOR EACH ROW EXECUTE FUNCTION auth_notify_user_changed();
--> statement-breakpoint
CREATE TRIGGER vendor_profiles_changed_notify AFTER INSERT OR UPDATE OR DELETE ON vendor_profiles
  FOR EACH ROW EXECUTE FUNCTION auth_notify_user_changed();
