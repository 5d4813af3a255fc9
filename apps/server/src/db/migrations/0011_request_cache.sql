-- Issue 14: each server instance keeps sessions, building access and fiscal years in memory
-- (platform/session-cache.ts, access-cache.ts). A change to a row they come from, by any writer
-- (this instance, another one, a job, an operator's SQL), is notified on copro_cache in the writing
-- transaction: every instance hears it at commit, and never for a change rolled back.
-- The message is a kind then the row's keys (the trigger's arguments), joined by ':'.
CREATE FUNCTION notify_request_cache() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  r jsonb;
  message text := TG_ARGV[0];
  i integer;
BEGIN
  IF TG_OP = 'DELETE' THEN
    r := to_jsonb(OLD);
  ELSE
    r := to_jsonb(NEW);
  END IF;
  FOR i IN 1 .. TG_NARGS - 1 LOOP
    message := message || ':' || coalesce(r ->> TG_ARGV[i], '');
  END LOOP;
  PERFORM pg_notify('copro_cache', message);
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- A session signed out, revoked, ended by a password change or reset, or its language switched.
CREATE TRIGGER sessions_request_cache AFTER UPDATE OR DELETE ON sessions
  FOR EACH ROW EXECUTE FUNCTION notify_request_cache('s', 'id');
--> statement-breakpoint
-- A user disabled, renamed, given another locale or deleted.
CREATE TRIGGER users_request_cache AFTER UPDATE OR DELETE ON users
  FOR EACH ROW EXECUTE FUNCTION notify_request_cache('u', 'id');
--> statement-breakpoint
CREATE TRIGGER buildings_request_cache AFTER INSERT OR UPDATE OR DELETE ON buildings
  FOR EACH ROW EXECUTE FUNCTION notify_request_cache('b', 'id');
--> statement-breakpoint
-- A member added, given another role, banned or unbanned, removed.
CREATE TRIGGER building_users_request_cache AFTER INSERT OR UPDATE OR DELETE ON building_users
  FOR EACH ROW EXECUTE FUNCTION notify_request_cache('bu', 'building_id', 'user_id');
--> statement-breakpoint
CREATE TRIGGER group_users_request_cache AFTER INSERT OR UPDATE OR DELETE ON group_users
  FOR EACH ROW EXECUTE FUNCTION notify_request_cache('gu', 'building_group_id', 'user_id');
--> statement-breakpoint
-- Its status and paid-until date make a building paid or unpaid.
CREATE TRIGGER billing_accounts_request_cache AFTER UPDATE OR DELETE ON billing_accounts
  FOR EACH ROW EXECUTE FUNCTION notify_request_cache('ba', 'id');
--> statement-breakpoint
CREATE TRIGGER fiscal_years_request_cache AFTER INSERT OR UPDATE OR DELETE ON fiscal_years
  FOR EACH ROW EXECUTE FUNCTION notify_request_cache('fy', 'building_id');
