import { retypeSecretMessage } from '@parley/api-client';
import { HttpError } from './http';

/**
 * A stored secret (a tool's header, an MCP server's header, an agent's model key) goes only to
 * the destination it was saved for: its URL's scheme, host and port (`sameSecretDestination` of
 * the contract, the console's rule too). A request that keeps a stored secret (sends its masked
 * value back, or leaves it out) while naming another destination is refused: 400 naming the field.
 */
export { sameSecretDestination as sameDestination } from '@parley/api-client';

export const secretNeedsRetyping = (field: string) =>
  new HttpError(400, `${field}: ${retypeSecretMessage}`, {
    issues: [{ field, message: retypeSecretMessage }],
  });
