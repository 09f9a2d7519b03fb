-- Vendor API keys are cached like sessions (src/server/auth/session-cache.ts), with the answer to
-- "may this key be used": its own row, its user and the user's subscription. These triggers tell
-- every process to drop the user's cached entries ('u:<user id>', as migration 0009) when a key is
-- revoked or deleted, or when a subscription appears, changes or goes, whichever code or script did it.
-- Touching last_used_at (at most once a minute) notifies nothing.
CREATE FUNCTION auth_notify_owner_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  changed record;
BEGIN
  IF TG_OP = 'DELETE' THEN
    changed := OLD;
  ELSE
    changed := NEW;
  END IF;
  PERFORM pg_notify('fieldbid_auth_changes', 'u:' || changed.user_id);
  IF TG_OP = 'UPDATE' AND OLD.user_id IS DISTINCT FROM NEW.user_id THEN
    PERFORM pg_notify('fieldbid_auth_changes', 'u:' || OLD.user_id);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER api_keys_deleted_notify AFTER DELETE ON api_keys
  FOR EACH ROW EXECUTE FUNCTION auth_notify_owner_changed();
--> statement-breakpoint
CREATE TRIGGER api_keys_changed_notify AFTER UPDATE ON api_keys
  FOR EACH ROW WHEN (OLD.revoked_at IS DISTINCT FROM NEW.revoked_at
    OR OLD.key_hash IS DISTINCT FROM NEW.key_hash OR OLD.user_id IS DISTINCT FROM NEW.user_id)
  EXECUTE FUNCTION auth_notify_owner_changed();
--> statement-breakpoint
CREATE TRIGGER subscriptions_changed_notify AFTER INSERT OR UPDATE OR DELETE ON subscriptions
  FOR EACH ROW EXECUTE FUNCTION auth_notify_owner_changed();
