import type { FetchLike } from '@parley/api-client';
import type { DashboardApi } from '../DashboardApi';

const made = new WeakMap<DashboardApi, Map<string, unknown>>();

/**
 * The contract client `name` of this API, made once, on first use, over the API's connection
 * (its origin and fetch: the console's own origin, a test's routed fetch, a story's MSW). Each
 * client's hook sits in its own module here, so a client's code and schemas load with the
 * screens that use it, not with the first tab.
 */
export function clientOf<T>(
  api: DashboardApi,
  name: string,
  make: (origin: string, fetch: FetchLike | undefined) => T,
): T {
  let clients = made.get(api);
  if (!clients) made.set(api, (clients = new Map()));
  if (!clients.has(name)) {
    const connection = api.connection;
    clients.set(name, make(connection?.origin ?? '', connection?.fetch));
  }
  return clients.get(name) as T;
}
