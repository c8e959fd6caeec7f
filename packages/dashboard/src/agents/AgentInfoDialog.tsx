import { chatMessagesUrl } from '@parley/api-client';
import { CopyField, Dialog } from '@parley/ui';
import type { AgentSummary } from '../api/DashboardApi';
import * as styles from './agents.css';

export type AgentInfoKind = 'analytics' | 'api';

export interface AgentInfoDialogProps {
  kind: AgentInfoKind;
  agent: AgentSummary & { displayName: string };
  onOpenChange: (open: boolean) => void;
}

function formatDate(value: string | null | undefined): string {
  if (!value) return '—';
  const d = new Date(value);
  return Number.isNaN(d.getTime()) ? value : d.toLocaleString();
}

/** Analytics (what the agent record holds so far) and API endpoints (URL and key, copyable). */
export function AgentInfoDialog({ kind, agent, onOpenChange }: AgentInfoDialogProps) {
  if (kind === 'api') {
    return (
      <Dialog open onOpenChange={onOpenChange} title={`API endpoints for ${agent.displayName}`}>
        <div className={styles.form}>
          <CopyField
            label="Agent API URL"
            value={agent.chatbot_api ? chatMessagesUrl(agent.chatbot_api) : ''}
          />
          <CopyField label="Agent API key" value={agent.chatbot_key ?? ''} />
          <p className={styles.muted}>
            Send POST requests with the header Authorization: Bearer {'{agent API key}'}.
          </p>
        </div>
      </Dialog>
    );
  }
  return (
    <Dialog open onOpenChange={onOpenChange} title={`Analytics for ${agent.displayName}`}>
      <dl className={styles.details}>
        <dt>Status</dt>
        <dd>{agent.status}</dd>
        <dt>Created</dt>
        <dd>{formatDate(agent.created_at)}</dd>
        <dt>Agent ID</dt>
        <dd className={styles.url}>{agent.id}</dd>
      </dl>
    </Dialog>
  );
}
