import { HttpError } from '../lib/http';
import { checkOutboundUrl, checkResolvesPublic, type AllowHost } from '../lib/outbound';

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
  const refuseOutbound = (error: unknown) => {
    const reason = (error as Error).message;
    return refuse(reason.endsWith('is not a public address') ? `${reason}; ${exceptions}` : reason);
  };
  let url: URL;
  try {
    url = checkOutboundUrl(value, allowHost);
  } catch (error) {
    throw refuseOutbound(error);
  }
  if (url.hash) throw refuse('A webhook URL cannot have a fragment (#…)');
  await checkResolvesPublic(url, allowHost).catch((error: unknown) => {
    throw refuseOutbound(error);
  });
  return value;
}
