import {
  apiKeyNameMaxLength,
  apiKeyScopes,
  hasOrgRole,
  managerRoles,
  type ApiKeyScope,
} from '@parley/api-client';

/** Why a control is disabled, in the words the server uses (docs/roles.md). */
export const apiKeyReasons = {
  manage: 'Only an owner or admin can create and revoke API keys.',
} as const;

/** Whether the viewer may create and revoke keys (the server decides too: 403 naming the role). */
export const canManageKeys = (role: string | null | undefined) => hasOrgRole(role, managerRoles);

export interface NewKeyForm {
  name: string;
  scopes: ApiKeyScope[];
}

/** What is wrong with the create form, per field (none: it may be sent). */
export function newKeyErrors(form: NewKeyForm): { name?: string; scopes?: string } {
  const name = form.name.trim();
  return {
    ...(name ? {} : { name: 'Give the key a name (what uses it, e.g. GitHub Actions)' }),
    ...(name.length > apiKeyNameMaxLength
      ? { name: `The name must be at most ${apiKeyNameMaxLength} characters` }
      : {}),
    ...(form.scopes.length ? {} : { scopes: 'Choose at least one scope' }),
  };
}

/** The scope list with one scope turned on or off, in the contract's order. */
export function toggleScope(scopes: readonly ApiKeyScope[], scope: ApiKeyScope, on: boolean) {
  return apiKeyScopes.filter((s) => (s === scope ? on : scopes.includes(s)));
}

/** 'Never used', 'Used just now', 'Used 5 minutes ago', … 'Used on 3 Mar 2026'. */
export function lastUsedLabel(iso: string | null, now: number): string {
  if (!iso) return 'Never used';
  const minutes = Math.floor((now - Date.parse(iso)) / 60_000);
  if (minutes < 1) return 'Used just now';
  if (minutes < 60) return `Used ${minutes} minute${minutes === 1 ? '' : 's'} ago`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return `Used ${hours} hour${hours === 1 ? '' : 's'} ago`;
  const days = Math.floor(hours / 24);
  if (days < 30) return `Used ${days} day${days === 1 ? '' : 's'} ago`;
  return `Used on ${new Date(iso).toLocaleDateString('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' })}`;
}
