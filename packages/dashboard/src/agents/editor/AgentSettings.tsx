import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { agentFigures, type AgentFigures } from '@parley/api-client';
import { RetryBanner, Spinner } from '@parley/ui';
import { AutosaveStatus } from './AutosaveStatus';
import { ConfigurationsPanel } from './ConfigurationsPanel';
import { KnowledgeSelectModal } from './KnowledgeSelectModal';
import { ModelPanel } from './ModelPanel';
import { SettingsBanners } from './SettingsBanners';
import { TranscriberPanel } from './TranscriberPanel';
import { VoicePanel } from './VoicePanel';
import { ChangeVoiceDialog } from './ChangeVoiceDialog';
import { defaultAgentUrl } from './editorState';
import type { EditorDefaults, EditorSettings } from './types';
import { useAgentSettings, type UseAgentSettingsOptions } from './useAgentSettings';
import * as styles from './editor.css';

/** The Tools section: its own chunk, loaded with the agent's settings (issue 28). */
const ToolsSection = lazy(() => import('./tools/ToolsSection'));
/** The Outcomes section (issue 40): its own chunk too. */
const OutcomesSection = lazy(() => import('../../outcomes/OutcomesSection'));
/** The agent's Privacy section (issue 42): storage override, disclosure, consent. */
const AgentPrivacySection = lazy(() => import('../../privacy/agent/AgentPrivacySection'));

/** Element ids of the sections, for the detail view's tabs to scroll to (spec §2). */
export const agentSettingsSectionIds = {
  model: 'agent-settings-model',
  voice: 'agent-settings-voice',
  transcriber: 'agent-settings-transcriber',
  configurations: 'agent-settings-configurations',
  tools: 'agent-settings-tools',
  outcomes: 'agent-settings-outcomes',
  privacy: 'agent-settings-privacy',
} as const;

export interface AgentSettingsProps {
  agentId: string;
  orgId: string;
  /** Edit mode: every input is disabled when false (spec §5). */
  editing: boolean;
  /** Default keys and voice ids of this deployment, and the default agent URL. */
  defaults?: Partial<EditorDefaults>;
  /** Show the auto-save status strip here (default true; false when the header shows it). */
  showStatus?: boolean;
  /** Level of the panel headings (default 2). */
  headingLevel?: 2 | 3;
  /** Passed to the hook (storage, scheduler). */
  options?: Omit<UseAgentSettingsOptions, 'defaults'>;
  /** The expected cost per minute and latency of the model, voice and transcriber chosen. */
  onFigures?: (figures: AgentFigures) => void;
}

/**
 * The agent editor's settings panels (Model, Voice, Transcriber, Configurations) wired to
 * `useAgentSettings`: loads the agent, applies the provider rules and autosaves. Keyed by agent
 * so switching agents starts from a fresh state.
 */
export function AgentSettings(props: AgentSettingsProps) {
  return <AgentSettingsForAgent key={`${props.orgId}/${props.agentId}`} {...props} />;
}

function AgentSettingsForAgent({
  agentId,
  orgId,
  editing,
  defaults,
  showStatus = true,
  headingLevel = 2,
  options,
  onFigures,
}: AgentSettingsProps) {
  const [origin] = useState(() => globalThis.location?.origin ?? '');
  const s = useAgentSettings(agentId, orgId, {
    ...options,
    defaults: { agentUrl: defaultAgentUrl(origin), ...defaults },
  });
  const [knowledgeOpen, setKnowledgeOpen] = useState(false);
  const [voiceDialogOpen, setVoiceDialogOpen] = useState(false);
  const { settings, actions } = s;
  useReportFigures(settings, onFigures);
  /** What every settings panel is given: its anchor, its heading level, whether it edits. */
  const panel = (key: keyof typeof agentSettingsSectionIds) => ({
    id: agentSettingsSectionIds[key],
    headingLevel,
    editing,
  });

  if (s.loadError && !settings) {
    return (
      <RetryBanner
        title="Failed to get agent configuration"
        message={s.loadError}
        onRetry={s.reload}
      />
    );
  }
  if (!settings) return <Spinner label="Loading agent settings" />;

  return (
    <div className={styles.settings}>
      {showStatus ? <AutosaveStatus {...s.autosave} blockedText={s.blockedText} /> : null}
      <SettingsBanners
        saving={s.banners.saving}
        message={s.autosave.message}
        banner={s.autosave.banner}
        apiKeyMissing={s.banners.apiKeyMissing}
        invalidKeyFormat={s.banners.invalidKeyFormat}
        onRefresh={s.reload}
        onDismissMessage={actions.dismissMessage}
        onDismissBanner={actions.dismissBanner}
      />
      <ModelPanel
        {...panel('model')}
        value={settings.model}
        keyLocked={s.keyLocked}
        sharedKeyNotice={s.sharedKeyNotice}
        onProviderChange={actions.setModelProvider}
        onChange={actions.changeModel}
        onApiKeyBlur={actions.commitModelApiKey}
        onReplaceApiKey={actions.replaceModelApiKey}
        keyDraft={s.keyDraft}
        onKeyDraftChange={actions.changeKeyDraft}
        onCancelReplace={actions.cancelReplaceModelApiKey}
        problems={s.problems}
        keyTest={s.keyTest}
        onTestKey={s.canTestKey ? actions.testKey : undefined}
        onSystemPromptChange={actions.setSystemPrompt}
        knowledge={s.knowledge.items}
        hasInvalidKnowledge={s.knowledge.hasInvalid}
        publishing={s.knowledge.publishing}
        onAddKnowledge={() => setKnowledgeOpen(true)}
        onRemoveKnowledge={actions.removeKnowledge}
        onClearInvalid={actions.clearInvalidKnowledge}
      />
      <VoicePanel
        {...panel('voice')}
        value={settings.voice}
        onChange={actions.changeVoice}
        onChangeVoice={() => setVoiceDialogOpen(true)}
      />
      <ChangeVoiceDialog
        orgId={orgId}
        provider={settings.voice.provider}
        currentVoiceId={settings.voice.voiceId}
        open={voiceDialogOpen}
        onOpenChange={setVoiceDialogOpen}
        onChoose={(voiceId) => actions.changeVoice({ voiceId })}
      />
      <TranscriberPanel
        {...panel('transcriber')}
        value={settings.transcriber}
        onChange={actions.changeTranscriber}
      />
      <ConfigurationsPanel
        {...panel('configurations')}
        value={settings.tools}
        onCommit={actions.commitTools}
        onTypingVolumeChange={actions.setTypingVolume}
        onMaxCallDurationChange={actions.setMaxCallDuration}
        onMaxCallDurationTextCommit={actions.commitMaxCallDurationText}
        problems={s.problems}
      />
      <Suspense fallback={<Spinner label="Loading tools..." />}>
        <ToolsSection
          id={agentSettingsSectionIds.tools}
          agentId={agentId}
          editing={editing}
          headingLevel={headingLevel}
        />
      </Suspense>
      <Suspense fallback={<Spinner label="Loading outcomes..." />}>
        <OutcomesSection
          id={agentSettingsSectionIds.outcomes}
          orgId={orgId}
          agentId={agentId}
          editing={editing}
          headingLevel={headingLevel}
        />
      </Suspense>
      <Suspense fallback={<Spinner label="Loading privacy..." />}>
        <AgentPrivacySection
          id={agentSettingsSectionIds.privacy}
          orgId={orgId}
          agentId={agentId}
          editing={editing}
          headingLevel={headingLevel}
        />
      </Suspense>
      <KnowledgeSelectModal
        open={knowledgeOpen}
        onOpenChange={setKnowledgeOpen}
        bases={s.knowledge.bases}
        loading={s.knowledge.loading}
        error={s.knowledge.error}
        selectedIds={settings.knowledgeBaseIds}
        publishing={s.knowledge.publishing}
        onAddAndPublish={(ids) => {
          setKnowledgeOpen(false);
          void actions.addAndPublish(ids);
        }}
      />
    </div>
  );
}

/** Reports the figures (agentFigures) each time the model, voice or transcriber changes. */
function useReportFigures(
  settings: EditorSettings | null,
  onFigures: ((figures: AgentFigures) => void) | undefined,
) {
  const report = useRef(onFigures);
  useEffect(() => {
    report.current = onFigures;
  });
  const model = settings?.model.model;
  const voiceProvider = settings?.voice.provider;
  const voiceModel = settings?.voice.model;
  const transcriberProvider = settings?.transcriber.provider;
  const transcriberModel = settings?.transcriber.model;
  useEffect(() => {
    if (!model) return;
    report.current?.(
      agentFigures({ model, voiceProvider, voiceModel, transcriberProvider, transcriberModel }),
    );
  }, [model, voiceProvider, voiceModel, transcriberProvider, transcriberModel]);
}
