import { agentErrorMessages } from '@parley/api-client';
import { Banner, EmptyState, RetryBanner, Spinner } from '@parley/ui';

/** Every banner clears after 5000 ms (channels-and-shell §4). */
export const bannerClearMs = 5000;
import { AgentCard, type AgentCardProps } from './AgentCard';
import type { AgentCardModel } from './agentView';
import { PlusIcon } from '../icons';
import * as styles from './agents.css';

export type AgentCardHandlers = Omit<AgentCardProps, 'agent'>;

export interface AgentsScreenProps extends AgentCardHandlers {
  agents: AgentCardModel[];
  loading?: boolean;
  error?: string | null;
  onRetry: () => void;
  onCreate: () => void;
  /** The service answered 404/405: 'No agents found. Create your first agent!' (spec §8). */
  noAgentsAnswer?: boolean;
  /** A failure to report (e.g. a failed delete); clears after 5000 ms. */
  notice?: string | null;
  onDismissNotice?: () => void;
}

/** The Agents tab: 'Create New Agent' card plus one card per agent, in 1/2/3 columns. */
export function AgentsScreen({
  agents,
  loading,
  error,
  onRetry,
  onCreate,
  noAgentsAnswer = false,
  notice,
  onDismissNotice,
  ...handlers
}: AgentsScreenProps) {
  return (
    <section aria-labelledby="agents-heading" className={styles.screen}>
      <div className={styles.screenHeader}>
        <div>
          <h1 id="agents-heading" className={styles.heading}>
            Agents
          </h1>
          <p className={styles.muted}>Create, test and publish your chat and voice agents.</p>
        </div>
      </div>
      {notice ? (
        <Banner
          tone="error"
          title="Error"
          message={notice}
          dismissible
          autoDismissMs={bannerClearMs}
          onDismiss={onDismissNotice}
        />
      ) : null}
      {error ? (
        <RetryBanner title="Failed to load agents from server" message={error} onRetry={onRetry} />
      ) : null}
      <div className={styles.grid}>
        <button type="button" className={styles.createCard} onClick={onCreate}>
          <span className={styles.createIcon}>
            <PlusIcon />
          </span>
          <span className={styles.createTitle}>Create New Agent</span>
          <span className={styles.muted}>Knowledge Agent (RAG) or Action Agent (AI Employee)</span>
        </button>
        {agents.map((agent) => (
          <AgentCard key={agent.id} agent={agent} {...handlers} />
        ))}
      </div>
      {loading ? (
        <div className={styles.stateBox}>
          <Spinner label="Loading agents..." showLabel />
        </div>
      ) : null}
      {!loading && !error && agents.length === 0 ? (
        noAgentsAnswer ? (
          <EmptyState title={agentErrorMessages.listEmpty} />
        ) : (
          <EmptyState title="No agents found" hint="Create your first AI agent to get started!" />
        )
      ) : null}
    </section>
  );
}
