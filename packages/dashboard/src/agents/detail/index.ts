// The agent detail feature (exported by name).
export { AgentDetail } from './AgentDetail';
export type {
  AgentDetailProps,
  AgentDetailSettings,
  AgentDetailSlot,
  AgentDetailCall,
} from './AgentDetail';
export { AgentDetailView, AgentDetailHeaderCard, scrollToAgentSection } from './AgentDetailView';
export type {
  AgentDetailViewProps,
  AgentDetailHeader,
  AgentDetailHeaderCardProps,
} from './AgentDetailView';
export {
  agentDetailTabs,
  agentDetailTabFrom,
  isAgentDetailTab,
  agentSectionId,
  agentCallStates,
  agentDetailTexts,
} from './agentDetailTabs';
export type { AgentDetailTab, AgentCallState } from './agentDetailTabs';
export { WidgetTab, widgetTexts } from './WidgetTab';
export type { WidgetTabProps } from './WidgetTab';
export {
  widgetSnippets,
  chatWidgetSnippet,
  voiceWidgetSnippet,
  voiceWidgetUrl,
  chatWidgetUrl,
  isWidgetKeyFormat,
  widgetPosition,
  widgetPrimaryColor,
} from './widgetSnippets';
export type { WidgetSnippetInput, WidgetSnippets } from './widgetSnippets';
export { publishAgentFlow, publishSucceededText } from './publishAgent';
export type { PublishOutcome, PublishTone, PublishTarget } from './publishAgent';
