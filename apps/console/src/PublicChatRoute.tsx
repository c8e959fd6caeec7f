import { useEffect, useState } from 'react';
import { useLocation, useParams } from 'react-router';
import { fetchPublicAgent, messageOf } from '@parley/api-client';
import { PublicChatPage } from '@parley/dashboard';
import { Banner, Spinner } from '@parley/ui';
import * as styles from './PublicChatRoute.css';

/** Completes a /chatbot/{agentId} query string with the agent's public settings when it lacks them. */
export function completeSearch(
  search: string,
  agent: { api_url: string; api_key: string; initial_message: string | null; name: string },
): string {
  const params = new URLSearchParams(search);
  if (!params.get('api_url')) params.set('api_url', agent.api_url);
  if (!params.get('api_key')) params.set('api_key', agent.api_key);
  if (!params.get('initial_message') && agent.initial_message)
    params.set('initial_message', agent.initial_message);
  if (!params.get('name')) params.set('name', agent.name);
  return `?${params.toString()}`;
}

/**
 * The public chat page (no login). The QR code opens /chatbot/{agentId} without query
 * parameters: the agent's public settings are then loaded from the server.
 */
export function PublicChatRoute() {
  const { agentId = '' } = useParams();
  const { search } = useLocation();
  const complete = Boolean(
    new URLSearchParams(search).get('api_url') && new URLSearchParams(search).get('api_key'),
  );
  const [state, setState] = useState<{ search?: string; error?: string }>(
    complete ? { search } : {},
  );

  useEffect(() => {
    if (complete) return;
    let live = true;
    fetchPublicAgent(window.location.origin, agentId).then(
      (agent) => live && setState({ search: completeSearch(search, agent) }),
      (error: unknown) => live && setState({ error: messageOf(error) }),
    );
    return () => {
      live = false;
    };
  }, [agentId, search, complete]);

  if (state.search) return <PublicChatPage agentId={agentId} search={state.search} />;
  return (
    <main className={styles.page}>
      {state.error ? (
        <Banner tone="error" title="This agent is not available" message={state.error} />
      ) : (
        <Spinner label="Loading the agent" showLabel />
      )}
    </main>
  );
}
