import { z } from 'zod';

/**
 * One entry of the OpenAPI document (openapi.ts assembles them): each feature writes its own in
 * `<feature>/openapi.ts`, from the contract (@parley/api-client) and these helpers alone.
 */
type Method = 'get' | 'post' | 'put' | 'patch' | 'delete';
type Auth =
  | 'session'
  | 'agentKey'
  | 'knowledgeKey'
  | 'sessionOrAgentKey'
  | 'workerKey'
  | 'twilioSignature'
  | 'metaSignature'
  | 'none';

export interface Operation {
  method: Method;
  /** Hono path (':param'); written as '{param}' in the document. */
  path: string;
  summary: string;
  tag: string;
  auth: Auth;
  body?: z.ZodType;
  response?: z.ZodType;
  /** Query parameters: name → description (required when the description starts with 'Required'). */
  query?: Record<string, string>;
  /** multipart/form-data upload instead of JSON. */
  multipart?: boolean;
  /** The body may be form-encoded as well as JSON (the SMS service's calls). */
  form?: boolean;
  /** The answer's media type when not JSON (TwiML, a challenge echo, a page). */
  produces?: 'text/xml' | 'text/plain' | 'text/html';
}

type Extras = Omit<Operation, 'method' | 'path' | 'summary' | 'tag' | 'auth'>;
/** One operation on one line: `op('get', '/voice/x/:id', 'What it does', 'Tag', 'session', { response })`. */
export const op = (
  method: Method,
  path: string,
  summary: string,
  tag: string,
  auth: Auth,
  extras: Extras = {},
): Operation => ({ method, path, summary, tag, auth, ...extras });

export const ok = z.object({ result: z.literal('success') });

export const orgQuery = { organization_id: 'The organization (else the user’s only one)' };
