/**
 * The server's addresses the dashboard shows, links to or hands on (a snippet, a default, a
 * placeholder), as opposed to the calls it makes through the clients: every path of the server
 * a dashboard file names is written in api/.
 */
const trimSlash = (origin: string) => origin.replace(/\/$/, '');

/** The API reference page (Scalar over the OpenAPI document). */
export const apiReferenceUrl = (origin: string) => `${trimSlash(origin)}/api/reference`;

/** The console's test chat: the chat proxy that answers with the draft or a version. */
export const testChatUrl = (origin: string) => `${origin}/api/chatbot`;

/** A new agent's URL: the agent runtime's chat endpoint on this server. */
export const defaultAgentUrl = (origin: string) => `${trimSlash(origin)}/v1/chat-messages`;

/** The Agent URL field's placeholder. */
export const agentUrlPlaceholder = 'https://your-server/v1/chat-messages';

/** A knowledge base's retrieval endpoint (the Dify-compatible dataset API, with a base's key). */
export const retrievalEndpoint = (origin: string, baseId: string) =>
  `${origin}/v1/datasets/${encodeURIComponent(baseId)}/retrieve`;

/** The campaign calls' base, named when a server does not serve them. */
export const campaignsPath = '/messaging/mail/campaigns';
