/**
 * The one registry of integration providers (what the integrations store needs of each: the
 * non-secret account id webhooks find the organization by, a per-integration callback path, the
 * 'Test' call). A provider's feature exports its rules; the app registers them all at startup
 * (app.ts `registerIntegrationProviders`), none at import time. The credentials' format is the
 * contract's (`integrationCredentialSchemas`).
 */
export interface ProviderRules {
  accountId?: (credentials: Record<string, string>) => string;
  /** The provider's webhook path for one integration (e.g. WhatsApp Cloud's, one per integration). */
  callbackPath?: (integrationId: string) => string;
  test?: (
    credentials: Record<string, string>,
    env: Record<string, string | undefined>,
  ) => Promise<{ ok: boolean; message: string }>;
}

const rules = new Map<string, ProviderRules>();

/** Registers (or replaces) a provider's rules: called at startup, once per provider. */
export function registerIntegrationProvider(provider: string, providerRules: ProviderRules) {
  rules.set(provider, providerRules);
}

/** A provider's rules (none: a known provider with nothing more than its credentials). */
export function integrationProviderRules(provider: string): ProviderRules | undefined {
  return rules.get(provider);
}
