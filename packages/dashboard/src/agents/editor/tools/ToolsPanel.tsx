import { Badge, Banner, Button, Card, EmptyState, RetryBanner, Spinner, Switch } from '@parley/ui';
import { toolTypeLabels, type AgentTool } from '@parley/api-client';
import { PlusIcon } from '../../../icons';
import * as styles from './tools.css';

export interface ToolsPanelProps {
  tools: AgentTool[];
  loading?: boolean;
  /** The list could not be read. */
  error?: string | null;
  onRetry?: () => void;
  /** All actions are disabled when false (as every settings panel). */
  editing: boolean;
  onAdd: () => void;
  onEdit: (tool: AgentTool) => void;
  onTest: (tool: AgentTool) => void;
  onDelete: (tool: AgentTool) => void;
  /** The tool being deleted. */
  deletingId?: string | null;
  headingLevel?: 2 | 3;
  id?: string;
  /**
   * 'Let visitors receive e-mails/texts' (the agent's setting, off by default): whether a web
   * visitor's chat may have the send tools write to an address the visitor gives.
   */
  visitorSends?: {
    on: boolean;
    saving?: boolean;
    /** The setting could not be saved. */
    error?: string | null;
    onChange: (on: boolean) => void;
  };
  /**
   * 'Talk to a person' (the agent's setting, on by default): the widget and the public page offer
   * visitors a button that asks for a person of the team.
   */
  talkToPerson?: {
    on: boolean;
    saving?: boolean;
    error?: string | null;
    onChange: (on: boolean) => void;
  };
}

/** The handoff setting's words (docs/inbox-and-analytics.md, "Handoff to people"). */
export const talkToPersonTexts = {
  label: 'Talk to a person',
  description:
    'On: the chat widget and the public page offer visitors a Talk to a person button; the conversation then waits in the inbox’s Needs a person for a member of the team. Without a model, the agent also hands over when someone plainly asks for a person. Add the Ask for a person tool to let the model hand over on any channel.',
  failed: 'The setting could not be saved',
} as const;

/** The setting's words (docs/tools.md, "Visitors and the send tools"). */
export const visitorSendsTexts = {
  label: 'Let visitors receive e-mails/texts',
  description:
    'Off: the send tools (e-mail, SMS, WhatsApp) write only to the number or address a conversation came from; a web chat visitor cannot have them write elsewhere. On: a web visitor may give an address, at most 2 messages a chat and 3 a visitor a day, within a tenth of the organization’s daily sending. Your own test chat is not limited.',
  failed: 'The setting could not be saved',
} as const;

/** What a tool calls, in a line: 'POST https://…', 'Transfer call to +1…', 'End call'. */
export function toolSummary(tool: AgentTool): string {
  if (tool.type === 'http') return `${tool.method ?? 'POST'} ${tool.url ?? ''}`;
  if (tool.type === 'transfer_call') return `Transfer call to ${tool.number ?? ''}`;
  if (tool.type === 'mcp') return `MCP server ${tool.url ?? ''}`;
  return toolTypeLabels[tool.type];
}

/**
 * The agent's tools (issue 28): what the agent may call while it answers, on every channel. A
 * list with Edit, Test tool and Delete, and Add tool.
 */
export function ToolsPanel({
  tools,
  loading,
  error,
  onRetry,
  editing,
  onAdd,
  onEdit,
  onTest,
  onDelete,
  deletingId,
  headingLevel = 2,
  id,
  visitorSends,
  talkToPerson,
}: ToolsPanelProps) {
  return (
    <Card title="Tools" headingLevel={headingLevel} id={id}>
      <div className={styles.stack}>
        <p className={styles.muted}>
          Functions the agent may call while it answers: your HTTP endpoints, the tools of an MCP
          server, and built-ins that end or transfer a call, send a message, schedule a callback,
          record a do-not-contact request or ask for a person of the team.
        </p>
        {error ? <RetryBanner title={error} onRetry={onRetry} /> : null}
        {loading ? (
          <Spinner label="Loading tools..." showLabel />
        ) : tools.length === 0 && !error ? (
          <EmptyState
            title="No tools yet"
            hint="Add a tool to let the agent act: look up an order, book a slot, end a call."
          />
        ) : (
          <ul className={styles.list} aria-label="Agent tools">
            {tools.map((tool) => (
              <li key={tool.id} className={styles.row}>
                <div className={styles.rowText}>
                  <span className={styles.rowTitle}>
                    {tool.name}
                    <Badge tone={tool.type === 'http' ? 'info' : 'primary'}>
                      {toolTypeLabels[tool.type]}
                    </Badge>
                    {tool.enabled ? null : <Badge tone="neutral">Disabled</Badge>}
                  </span>
                  <p className={styles.muted}>{toolSummary(tool)}</p>
                  {tool.description ? <p className={styles.muted}>{tool.description}</p> : null}
                </div>
                <div className={styles.actions}>
                  <Button size="sm" variant="secondary" onClick={() => onTest(tool)}>
                    Test tool
                  </Button>
                  <Button
                    size="sm"
                    variant="secondary"
                    disabled={!editing}
                    onClick={() => onEdit(tool)}
                    aria-label={`Edit ${tool.name}`}
                  >
                    Edit
                  </Button>
                  <Button
                    size="sm"
                    variant="dangerSubtle"
                    disabled={!editing}
                    busy={deletingId === tool.id}
                    busyLabel="Deleting..."
                    onClick={() => onDelete(tool)}
                    aria-label={deletingId === tool.id ? undefined : `Delete ${tool.name}`}
                  >
                    Delete
                  </Button>
                </div>
              </li>
            ))}
          </ul>
        )}
        <div className={styles.addRow}>
          <Button disabled={!editing} onClick={onAdd} icon={<PlusIcon />}>
            Add tool
          </Button>
        </div>
      </div>
      {visitorSends ? (
        <>
          <Switch
            label={visitorSendsTexts.label}
            description={visitorSendsTexts.description}
            checked={visitorSends.on}
            onCheckedChange={visitorSends.onChange}
            disabled={!editing || visitorSends.saving}
          />
          {visitorSends.error ? (
            <Banner tone="error" title={visitorSendsTexts.failed} message={visitorSends.error} />
          ) : null}
        </>
      ) : null}
      {talkToPerson ? (
        <>
          <Switch
            label={talkToPersonTexts.label}
            description={talkToPersonTexts.description}
            checked={talkToPerson.on}
            onCheckedChange={talkToPerson.onChange}
            disabled={!editing || talkToPerson.saving}
          />
          {talkToPerson.error ? (
            <Banner tone="error" title={talkToPersonTexts.failed} message={talkToPerson.error} />
          ) : null}
        </>
      ) : null}
    </Card>
  );
}
