import { Navigate, useParams } from 'react-router';

/**
 * /conversations and /conversations/{id}: the organization-wide inbox, which the dashboard shows
 * at /?view=conversations (the Overview links there), with the conversation open when named.
 */
export default function ConversationsRoute() {
  const { conversationId } = useParams();
  const params = new URLSearchParams({ view: 'conversations' });
  if (conversationId) params.set('conversation', conversationId);
  return <Navigate to={`/?${params.toString()}`} replace />;
}
