/** The agent detail's tabs, in order (spec: agents-and-knowledge §2 Agent detail view). */
export const agentDetailTabs = [
  { value: 'model', label: 'Model', heading: 'Model' },
  { value: 'voice', label: 'Voice & Transcriber', heading: 'Voice & Transcriber' },
  { value: 'configurations', label: 'Configurations', heading: 'Configurations' },
  // The section's one heading is the spec's 'Widget Configuration' (the tab says 'Widget').
  { value: 'widget', label: 'Widget', heading: 'Widget Configuration' },
  // Issue 29: the agent's figures (the card's Analytics button opens the detail here).
  { value: 'analytics', label: 'Analytics', heading: 'Analytics' },
  // Issue 39: the published versions (who, when, note), a version against live, Restore.
  { value: 'versions', label: 'Versions', heading: 'Versions' },
] as const;

export type AgentDetailTab = (typeof agentDetailTabs)[number]['value'];

export function isAgentDetailTab(value: unknown): value is AgentDetailTab {
  return agentDetailTabs.some((t) => t.value === value);
}

/** Reads a tab from the URL (or anything), falling back to Model. */
export function agentDetailTabFrom(value: string | null | undefined): AgentDetailTab {
  return isAgentDetailTab(value) ? value : 'model';
}

/** The id of a tab's section: choosing the tab scrolls to it. */
export function agentSectionId(tab: AgentDetailTab): string {
  return `agent-section-${tab}`;
}

export { agentCallStates, type AgentCallState } from '../../calls';

export const agentDetailTexts = {
  back: 'Back to Agents',
  chat: 'Chat',
  talk: 'Talk to Agent',
  connecting: 'Connecting...',
  endCall: 'End Call',
  publish: 'Publish Agent',
  publishing: 'Publishing...',
  loading: 'Loading agent...',
  loadFailed: 'Failed to get agent configuration',
  retry: 'Retry',
  tabsLabel: 'Agent settings',
  idLabel: 'ID',
  costLabel: 'Expected cost',
  latencyLabel: 'Latency',
  emptySection: 'Nothing to configure here yet.',
  settingsHeading: 'Agent settings',
  edit: 'Edit',
  doneEditing: 'Done editing',
  readOnly: 'Read-only: choose Edit to change the settings.',
  openChatPage: 'Open chat page',
} as const;
