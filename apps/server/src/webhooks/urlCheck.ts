import { lookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import { HttpError } from '../lib/http';
import { checkOutboundUrl, isPublicAddress, type AllowHost } from '../lib/outbound';

const refuse = (message: string) =>
  new HttpError(400, `url: ${message}`, { issues: [{ field: 'url', message }] });

const exceptions =
  'the server only calls public addresses (PARLEY_WEBHOOK_ALLOW_HOSTS lists exceptions)';

/**
 * Save-time check of a webhook's URL (it is checked again at every connect): http(s), no
 * credentials, and a host that is public — every address it resolves to — unless the operator
 * allow-listed it (PARLEY_WEBHOOK_ALLOW_HOSTS). Bad → 400 naming `url` and why.
 */
export async function checkWebhookUrl(raw: string, allowHost: AllowHost): Promise<string> {
  const value = raw.trim();
  let url: URL;
  try {
    url = checkOutboundUrl(value, allowHost);
  } catch (error) {
    const reason = (error as Error).message;
    throw refuse(reason.endsWith('is not a public address') ? `${reason}; ${exceptions}` : reason);
  }
  if (url.hash) throw refuse('A webhook URL cannot have a fragment (#…)');
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (!allowHost(host) && !isIP(host)) {
    let addresses: Array<{ address: string }>;
    try {
      addresses = await lookup(host, { all: true });
    } catch {
      throw refuse(`The host ${host} cannot be found`);
    }
    const bad = addresses.find((a) => !isPublicAddress(a.address));
    if (bad || addresses.length === 0)
      throw refuse(
        `${host} resolves to ${bad?.address ?? 'no address'}, which is not a public address; ${exceptions}`,
      );
  }
  return value;
}
