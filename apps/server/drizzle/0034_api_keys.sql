-- Organization API keys (issue 39; apikeys/, docs/versions.md "API keys and scopes"). Only the
-- key's SHA-256 is kept. Each key acts through a bot user of its own that is a member of the
-- organization while the key is active, so every tenancy check holds for it as for a person.
CREATE TABLE "api_keys" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" text NOT NULL REFERENCES "organization"("id") ON DELETE CASCADE,
	"user_id" text NOT NULL UNIQUE REFERENCES "user"("id") ON DELETE CASCADE,
	"name" text NOT NULL,
	"scopes" jsonb NOT NULL,
	"key_hash" text NOT NULL UNIQUE,
	"key_last4" text NOT NULL,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_used_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	"revoked_by" text
);--> statement-breakpoint
CREATE INDEX "api_keys_org_idx" ON "api_keys" ("organization_id", "created_at");--> statement-breakpoint
-- Every process caches a resolved key (lib/tenantCache.ts, tag 'k:' id). A revoke (or the key's
-- row going with its organization) tells them all through the cache channel of 0009 as it commits;
-- the key's membership going fires the member trigger ('m:' its user) as well. The last-use
-- stamp changes nothing cached and says nothing.
CREATE FUNCTION parley_api_key_notify() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	PERFORM pg_notify('parley_cache', 'k:' || OLD.id);
	RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "api_keys_cache_notify" AFTER UPDATE OF "revoked_at", "scopes" OR DELETE ON "api_keys"
	FOR EACH ROW EXECUTE FUNCTION parley_api_key_notify();
