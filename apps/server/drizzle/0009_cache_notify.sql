-- Every server process keeps a tenancy cache (src/lib/tenantCache.ts: memberships and each
-- organization's agent list) and LISTENs on this channel: a membership that is added, changed or
-- removed ('m:' user), an organization renamed or deleted ('o:' organization) and any change to
-- an organization's agents or apps ('a:' organization) drop the matching entries of every cache as
-- the change commits. Cascading deletes (a user or an organization deleted) fire these too.
CREATE OR REPLACE FUNCTION parley_cache_notify() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'organization' THEN
    PERFORM pg_notify('parley_cache', 'o:' || OLD.id);
    RETURN NULL;
  END IF;
  IF TG_OP <> 'INSERT' THEN
    IF TG_TABLE_NAME = 'member' THEN
      PERFORM pg_notify('parley_cache', 'm:' || OLD.user_id);
    ELSE
      PERFORM pg_notify('parley_cache', 'a:' || OLD.organization_id);
    END IF;
  END IF;
  IF TG_OP <> 'DELETE' THEN
    IF TG_TABLE_NAME = 'member' THEN
      PERFORM pg_notify('parley_cache', 'm:' || NEW.user_id);
    ELSE
      PERFORM pg_notify('parley_cache', 'a:' || NEW.organization_id);
    END IF;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER member_cache_notify AFTER INSERT OR UPDATE OR DELETE ON "member"
  FOR EACH ROW EXECUTE FUNCTION parley_cache_notify();
--> statement-breakpoint
CREATE TRIGGER organization_cache_notify AFTER UPDATE OR DELETE ON "organization"
  FOR EACH ROW EXECUTE FUNCTION parley_cache_notify();
--> statement-breakpoint
CREATE TRIGGER agents_cache_notify AFTER INSERT OR UPDATE OR DELETE ON "agents"
  FOR EACH ROW EXECUTE FUNCTION parley_cache_notify();
--> statement-breakpoint
CREATE TRIGGER apps_cache_notify AFTER INSERT OR UPDATE OR DELETE ON "apps"
  FOR EACH ROW EXECUTE FUNCTION parley_cache_notify();
