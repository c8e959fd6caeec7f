import { lookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import { HttpError } from '../lib/http';
import { allowHostsFrom, checkOutboundUrl, isPublicAddress, type AllowHost } from '../lib/outbound';

/** Hosts a tool's URL may reach although they are not public (PARLEY_TOOL_ALLOW_HOSTS). */
export function toolAllowHosts(env: Record<string, string | undefined>): AllowHost {
  return allowHostsFrom(env.PARLEY_TOOL_ALLOW_HOSTS);
}

const publicOnly =
  'the server only calls public addresses (PARLEY_TOOL_ALLOW_HOSTS lists exceptions)';

const refuse = (message: string) =>
  new HttpError(400, `url: ${message}`, { issues: [{ field: 'url', message }] });

/**
 * Save-time check of a tool's URL (it is checked again at connect time): http(s), no
 * credentials, no fragment, and a host that is public (every address it resolves to) unless the
 * operator allow-listed it. Returns the URL to store.
 */
export async function checkToolUrl(
  value: string,
  env: Record<string, string | undefined>,
  resolve: (host: string) => Promise<Array<{ address: string }>> = (host) =>
    lookup(host, { all: true }),
): Promise<string> {
  const raw = value.trim();
  const allowHost = toolAllowHosts(env);
  let url: URL;
  try {
    url = checkOutboundUrl(raw, allowHost);
  } catch (error) {
    const reason = (error as Error).message;
    throw refuse(reason.endsWith('is not a public address') ? `${reason}; ${publicOnly}` : reason);
  }
  if (url.hash || raw.includes('#')) throw refuse('A tool URL cannot have a fragment');
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (!allowHost(host) && !isIP(host)) {
    let addresses: Array<{ address: string }>;
    try {
      addresses = await resolve(host);
    } catch {
      throw refuse(`The host ${host} cannot be found`);
    }
    const bad = addresses.find((a) => !isPublicAddress(a.address));
    if (bad || addresses.length === 0)
      throw refuse(
        `${host} resolves to ${bad?.address ?? 'no address'}, which is not a public address; ${publicOnly}`,
      );
  }
  return url.toString();
}
