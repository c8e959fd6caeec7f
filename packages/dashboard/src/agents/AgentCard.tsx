import { Avatar, Badge, IconButton } from '@parley/ui';
import { agentKindNames, type AgentCardModel } from './agentView';
import {
  BoltIcon,
  BookIcon,
  ChartIcon,
  CodeIcon,
  EditIcon,
  OpenIcon,
  QrIcon,
  TrashIcon,
} from '../icons';
import * as styles from './agents.css';

export interface AgentCardProps {
  agent: AgentCardModel;
  onOpen: (id: string) => void;
  onEdit: (id: string) => void;
  onQr: (id: string) => void;
  onDelete: (id: string) => void;
  onAnalytics: (id: string) => void;
  onApiEndpoints: (id: string) => void;
}

export function AgentCard({
  agent,
  onOpen,
  onEdit,
  onQr,
  onDelete,
  onAnalytics,
  onApiEndpoints,
}: AgentCardProps) {
  const titleId = `agent-${agent.id}-title`;
  return (
    <article
      className={[styles.card, agent.kind ? styles.kindCard[agent.kind] : '']
        .filter(Boolean)
        .join(' ')}
      aria-labelledby={titleId}
      data-kind={agent.kind ?? undefined}
    >
      {agent.kind ? (
        <span className={styles.kind}>
          <span className={styles.kindIcon[agent.kind]}>
            {agent.kind === 'action' ? <BoltIcon /> : <BookIcon />}
          </span>
          {agentKindNames[agent.kind]}
        </span>
      ) : null}
      <div className={styles.cardHeader}>
        <Avatar name={agent.displayName} />
        <div className={styles.cardTitleBlock}>
          <h2 id={titleId} className={styles.cardTitle}>
            {agent.displayName}
          </h2>
          <div className={styles.badges}>
            <Badge tone={agent.status === 'active' ? 'success' : 'warning'}>{agent.status}</Badge>
            {agent.hasCustomApi ? <Badge tone="info">Custom API</Badge> : null}
            {agent.hasCustomUrl ? <Badge tone="neutral">Custom URL</Badge> : null}
          </div>
        </div>
      </div>
      <p className={styles.description}>{agent.description}</p>
      <p className={styles.agentId}>
        <span className={styles.idLabel}>ID</span> <code>{agent.shortId}</code>
      </p>
      <div className={styles.cardActions}>
        <IconButton label="Open Agent" onClick={() => onOpen(agent.id)} icon={<OpenIcon />} />
        <IconButton
          label="Edit agent settings"
          onClick={() => onEdit(agent.id)}
          icon={<EditIcon />}
        />
        <IconButton label="Generate QR code" onClick={() => onQr(agent.id)} icon={<QrIcon />} />
        <IconButton label="Analytics" onClick={() => onAnalytics(agent.id)} icon={<ChartIcon />} />
        {agent.hasCustomApi ? (
          <IconButton
            label="API endpoints"
            onClick={() => onApiEndpoints(agent.id)}
            icon={<CodeIcon />}
          />
        ) : null}
        <IconButton
          label="Delete Agent"
          variant="danger"
          onClick={() => onDelete(agent.id)}
          icon={<TrashIcon />}
        />
      </div>
    </article>
  );
}
