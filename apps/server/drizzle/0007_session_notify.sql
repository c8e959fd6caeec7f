-- Every server process keeps a session cache (src/lib/session.ts) and LISTENs on this channel:
-- a session that ends (sign-out, revoke, expiry clean-up, user deleted) or changes, and a user
-- that changes, is dropped from every cache as the change commits.
CREATE OR REPLACE FUNCTION parley_session_notify() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'session' THEN
    PERFORM pg_notify('parley_session', 's:' || OLD.id);
  ELSE
    PERFORM pg_notify('parley_session', 'u:' || OLD.id);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER session_notify AFTER UPDATE OR DELETE ON "session"
  FOR EACH ROW EXECUTE FUNCTION parley_session_notify();
--> statement-breakpoint
CREATE TRIGGER user_session_notify AFTER UPDATE OR DELETE ON "user"
  FOR EACH ROW EXECUTE FUNCTION parley_session_notify();
