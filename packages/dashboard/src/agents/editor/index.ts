// The agent editor's settings panels: what the dashboard wires in (by name).
export { AgentSettings, agentSettingsSectionIds } from './AgentSettings';
export type { AgentSettingsProps } from './AgentSettings';
export { useAgentSettings, knowledgeStorageKey } from './useAgentSettings';
export type {
  AgentSettingsController,
  KnowledgeItem,
  ToolsTextField,
  UseAgentSettingsOptions,
} from './useAgentSettings';
export { AutosaveStatus } from './AutosaveStatus';
export type { AutosaveStatusProps } from './AutosaveStatus';
export { SettingsBanners } from './SettingsBanners';
export type { SettingsBannersProps } from './SettingsBanners';
export { ModelPanel } from './ModelPanel';
export type { ModelPanelProps } from './ModelPanel';
export { VoicePanel } from './VoicePanel';
export type { VoicePanelProps } from './VoicePanel';
export { TranscriberPanel } from './TranscriberPanel';
export type { TranscriberPanelProps } from './TranscriberPanel';
export { ConfigurationsPanel } from './ConfigurationsPanel';
export type { ConfigurationsPanelProps } from './ConfigurationsPanel';
export { KnowledgeSelectModal } from './KnowledgeSelectModal';
export type { KnowledgeSelectModalProps } from './KnowledgeSelectModal';
export { autosaveStatusText, createAutosave } from './autosave';
export type { AutosaveSnapshot, SaveChannel } from './autosave';
export { defaultAgentUrl, editorInitialMessage } from './editorState';
export type * from './types';
