import { chatMessagesUrl } from '@parley/api-client';
import { CopyField, Dialog } from '@parley/ui';
import type { AgentSummary } from '../api/DashboardApi';
import * as styles from './agents.css';

export type AgentInfoKind = 'api';

export interface AgentInfoDialogProps {
  /** The only kind left: the card's Analytics opens the agent's Analytics section. */
  kind: AgentInfoKind;
  agent: AgentSummary & { displayName: string };
  onOpenChange: (open: boolean) => void;
}

/** API endpoints (URL and key, copyable). The card's Analytics opens the agent's Analytics section. */
export function AgentInfoDialog({ agent, onOpenChange }: AgentInfoDialogProps) {
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
