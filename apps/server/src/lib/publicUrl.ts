/** PUBLIC_URL without a trailing slash, or null when unset: the install's address for links. */
export function publicUrlOf(env: Record<string, string | undefined>): string | null {
  const value = env.PUBLIC_URL?.trim();
  return value ? value.replace(/\/+$/, '') : null;
}
