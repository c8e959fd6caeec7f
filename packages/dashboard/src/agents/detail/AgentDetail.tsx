import { useState, type ReactNode } from 'react';
import { agentDisplayName, plainMessageOf, toAgentView } from '@parley/api-client';
import { Banner } from '@parley/ui';
import { testChatUrl } from '../../api/addresses';
import type { AgentConfig } from '../../api/DashboardApi';
import { useAgent, usePublishAgent, useSaveAllowedOrigins } from '../queries';
import { MakeTestControl } from '../tests/MakeTestControl';
import { AgentChatDrawer, publicChatLink } from '../../chat';
import { AgentDetailView } from './AgentDetailView';
import { WidgetTab } from './WidgetTab';
import type { PublishOutcome } from './publishAgent';
import type { AgentCallState, AgentDetailTab } from './agentDetailTabs';
import { AnalyticsSlot } from '../../analytics/AnalyticsSlot';
import {
  PublishDialog,
  TestingVersionBar,
  UnpublishedChangesSlot,
  VersionsSlot,
  type TestedVersion,
} from '../versions';

/** A settings slot: content, or a function of the loaded agent. */
export type AgentDetailSlot = ReactNode | ((agent: AgentConfig) => ReactNode);

/** What other modules plug into the detail view (the settings panels and the autosave strip). */
export interface AgentDetailSettings {
  model?: AgentDetailSlot;
  voice?: AgentDetailSlot;
  configurations?: AgentDetailSlot;
  /** Replaces the built-in Widget tab. */
  widget?: AgentDetailSlot;
  /** The auto-save status strip. */
  status?: AgentDetailSlot;
  /**
   * All settings panels as one block (e.g. the editor's AgentSettings), instead of `model`,
   * `voice` and `configurations`; give the ids of its sections in `sectionIds` for the tabs.
   */
  panels?: AgentDetailSlot;
  /** Element ids the tabs scroll to (default: the detail's own sections). */
  sectionIds?: Partial<Record<AgentDetailTab, string>>;
  /** The agent's Calls section (the call log), after the settings. */
  calls?: AgentDetailSlot;
  /** The live call panel (state and running transcript), under the header. */
  livePanel?: AgentDetailSlot;
  /** Beside Publish Agent (the last test run's outcome). */
  publishNote?: AgentDetailSlot;
}

/** The voice call, wired in later: state plus the two events. */
export interface AgentDetailCall {
  state: AgentCallState;
  onTalk: () => void;
  onEndCall: () => void;
  /** Shown as a red banner (e.g. the voice backend's detail); it clears after 5000 ms. */
  error?: string | null;
  /** Why no call can start on this server (System Status): Talk to Agent is disabled with it. */
  unavailable?: string | null;
  /** Clears the error (the banner's Dismiss or its 5000 ms timer). */
  dismissError?: () => void;
}

export interface AgentDetailProps {
  agentId: string;
  orgId: string;
  tab: AgentDetailTab;
  onTabChange: (tab: AgentDetailTab) => void;
  onBack: () => void;
  settings?: AgentDetailSettings;
  /** The runtime's `user` for the chat drawer (default 'console-{orgId}'). */
  user?: string;
  /** Where the widget bundles are served (default: this page's origin). */
  origin?: string;
  /** The voice call; without it 'Talk to Agent' is disabled. */
  call?: AgentDetailCall;
  /** Edit mode (spec §5, §6): the header's Edit control turns it on and off. */
  editing?: boolean;
  onEditingChange?: (editing: boolean) => void;
  /**
   * What the console's test chat and call talk to: the draft (default) or the live version
   * (docs/versions.md); controlled by the owner of the call, else kept here.
   */
  testVersion?: TestedVersion;
  onTestVersionChange?: (version: TestedVersion) => void;
  /**
   * The expected cost per minute and latency of the settings being edited (the editor's live
   * choice of model, voice and transcriber); without it, those of the stored agent.
   */
  figures?: { cost: string; latency: string } | null;
}

/** Every banner, the Talk to Agent error included, clears after 5000 ms (channels-and-shell §4). */
export const callErrorClearMs = 5000;

const bannerTitle: Record<PublishOutcome['tone'], string> = {
  success: 'Success',
  warning: 'Warning',
  error: 'Error',
};
/** Success clears after 4 s and errors after 6 s (spec §4). */
const bannerMs: Record<PublishOutcome['tone'], number> = {
  success: 4000,
  warning: 6000,
  error: 6000,
};

function slot(content: AgentDetailSlot | undefined, agent: AgentConfig): ReactNode {
  return typeof content === 'function' ? content(agent) : content;
}

/**
 * Container of the agent detail: loads the agent (GET /api/agents/info/{id}), shows loading and
 * error (Retry), opens the chat drawer against the agent's chatbot_api/chatbot_key, publishes
 * (app id by key, then publish-agent) and hosts the settings panels given in `settings`.
 */
export function AgentDetail({
  agentId,
  orgId,
  tab,
  onTabChange,
  onBack,
  settings = {},
  user,
  origin = globalThis.location?.origin ?? '',
  call,
  editing,
  onEditingChange,
  testVersion,
  onTestVersionChange,
  figures,
}: AgentDetailProps) {
  const [chatOpen, setChatOpen] = useState(false);
  const [publishOpen, setPublishOpen] = useState(false);
  const [outcome, setOutcome] = useState<PublishOutcome | null>(null);
  const [ownVersion, setOwnVersion] = useState<TestedVersion>('draft');
  const tested = testVersion ?? ownVersion;
  const setTested = onTestVersionChange ?? setOwnVersion;

  const agent = useAgent(agentId);
  const publish = usePublishAgent(agentId, orgId, {
    onStart: () => setOutcome(null),
    onOutcome: (result) => {
      setOutcome(result);
      setPublishOpen(false);
    },
  });
  const saveOrigins = useSaveAllowedOrigins(agentId, orgId);

  const config = agent.data;
  const view = config ? toAgentView(config, agentId) : null;
  const name = agentDisplayName({ id: agentId, name: config?.name });

  const banners = (
    <>
      <UnpublishedChangesSlot orgId={orgId} agentId={agentId} />
      {outcome ? (
        <Banner
          tone={outcome.tone}
          title={bannerTitle[outcome.tone]}
          message={outcome.message}
          autoDismissMs={bannerMs[outcome.tone]}
          onDismiss={() => setOutcome(null)}
          dismissible
        />
      ) : null}
      {call?.error ? (
        <Banner
          tone="error"
          title="Error"
          message={call.error}
          dismissible
          autoDismissMs={callErrorClearMs}
          onDismiss={call.dismissError}
        />
      ) : null}
    </>
  );

  return (
    <>
      <AgentDetailView
        agent={
          view
            ? {
                id: agentId,
                name,
                description: view.description,
                cost: figures?.cost ?? view.cost,
                latency: figures?.latency ?? view.latency,
              }
            : null
        }
        loading={agent.isPending}
        error={agent.error ? agent.error.message : null}
        onRetry={() => void agent.refetch()}
        onBack={onBack}
        tab={tab}
        onTabChange={onTabChange}
        onChat={() => setChatOpen(true)}
        callState={call?.state ?? 'idle'}
        onTalk={call?.onTalk}
        onEndCall={call?.onEndCall}
        talkUnavailable={call?.unavailable}
        publishing={publish.isPending}
        editing={editing}
        onEditingChange={onEditingChange}
        chatPageUrl={
          config?.chatbot_api && config.chatbot_key
            ? publicChatLink(origin, agentId, {
                apiUrl: config.chatbot_api,
                apiKey: config.chatbot_key,
                initialMessage: config.initial_message,
                name,
              })
            : null
        }
        onPublish={config ? () => setPublishOpen(true) : undefined}
        statusSlot={config ? slot(settings.status, config) : null}
        panels={config && settings.panels !== undefined ? slot(settings.panels, config) : undefined}
        sectionIds={settings.sectionIds}
        livePanel={config ? slot(settings.livePanel, config) : null}
        publishNote={config ? slot(settings.publishNote, config) : null}
        calls={config ? slot(settings.calls, config) : null}
        banners={banners}
        sections={
          config
            ? {
                analytics: (
                  <AnalyticsSlot
                    agentId={agentId}
                    active={tab === 'analytics'}
                    liveVersion={config.live_version ?? null}
                  />
                ),
                versions: <VersionsSlot orgId={orgId} agentId={agentId} />,
                model: slot(settings.model, config),
                voice: slot(settings.voice, config),
                configurations: slot(settings.configurations, config),
                widget:
                  settings.widget !== undefined ? (
                    slot(settings.widget, config)
                  ) : (
                    <WidgetTab
                      headingLevel={3}
                      showTitle={false}
                      agentName={name}
                      agentId={agentId}
                      greeting={config.initial_message}
                      apiUrl={config.chatbot_api}
                      apiKey={config.chatbot_key}
                      origin={origin}
                      onRefresh={() => void agent.refetch()}
                      allowedOrigins={{
                        origins: config.allowed_origins ?? [],
                        onSave: (origins) => saveOrigins.mutate(origins),
                        saving: saveOrigins.isPending,
                        saved: saveOrigins.isSuccess,
                        error: saveOrigins.error ? plainMessageOf(saveOrigins.error) : null,
                        // Read-only until Edit turns editing on (spec §5, §6).
                        disabled: onEditingChange ? !editing : false,
                      }}
                    />
                  ),
              }
            : undefined
        }
      />
      {config ? (
        <PublishDialog
          open={publishOpen}
          onOpenChange={setPublishOpen}
          nextVersion={(config.live_version ?? 0) + 1}
          publishing={publish.isPending}
          onPublish={(note) => publish.mutate({ config, ...(note ? { note } : {}) })}
        />
      ) : null}
      {config ? (
        <AgentChatDrawer
          open={chatOpen}
          onOpenChange={setChatOpen}
          agentId={agentId}
          agentName={name}
          apiUrl={config.chatbot_api}
          apiKey={config.chatbot_key}
          user={user ?? `console-${orgId}`}
          testChat={{
            apiUrl: testChatUrl(origin),
            version: tested,
            bar: (
              <TestingVersionBar
                version={tested}
                onVersionChange={setTested}
                liveVersion={config.live_version ?? null}
              />
            ),
          }}
          conversationActions={(conversationId) => (
            <MakeTestControl agentId={agentId} conversationId={conversationId} onAgentPage />
          )}
        />
      ) : null}
    </>
  );
}
