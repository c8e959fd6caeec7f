import { useEffect, useId, useRef, type ReactNode } from 'react';
import { Avatar, Button, RetryBanner, Spinner, Tabs } from '@parley/ui';
import {
  agentDetailTabs,
  agentDetailTexts as texts,
  agentSectionId,
  isAgentDetailTab,
  type AgentCallState,
  type AgentDetailTab,
} from './agentDetailTabs';
import { ChatIcon } from '../../chat';
import { ArrowLeftIcon } from '../../icons';
import { pinSectionInView } from './sectionPin';
import * as styles from './detail.css';

export interface AgentDetailHeader {
  id: string;
  /** Display name (agentDisplayName). */
  name: string;
  description?: string | null;
  /** Expected cost per minute ('~$0.10/min') and latency ('~1000ms'): agentFigures. */
  cost?: string;
  latency?: string;
}

export interface AgentDetailViewProps {
  /** The agent once loaded. */
  agent?: AgentDetailHeader | null;
  loading?: boolean;
  /** Why the agent could not be loaded (with Retry). */
  error?: string | null;
  onRetry?: () => void;
  onBack: () => void;
  /** The selected tab; choosing one scrolls to its section. */
  tab: AgentDetailTab;
  onTabChange: (tab: AgentDetailTab) => void;
  /** Opens the chat drawer. */
  onChat?: () => void;
  /** Voice call state: idle 'Talk to Agent', connecting 'Connecting...', connected 'End Call'. */
  callState?: AgentCallState;
  /** Starts a call; without it 'Talk to Agent' is disabled. */
  onTalk?: () => void;
  /**
   * Why a call cannot start on this server (System Status `voice.reason`): 'Talk to Agent' is
   * disabled and the reason is shown under it.
   */
  talkUnavailable?: string | null;
  onEndCall?: () => void;
  /** Publishing: the button reads 'Publishing...'. */
  publishing?: boolean;
  onPublish?: () => void;
  /** Edit mode (spec §5, §6): the settings are read-only until Edit turns it on. */
  editing?: boolean;
  /** Turns edit mode on or off; without it there is no Edit control. */
  onEditingChange?: (editing: boolean) => void;
  /** The public chat page (/chatbot/{id}?api_url=…), opened in a new tab. */
  chatPageUrl?: string | null;
  /** The auto-save status strip (state and time of the last save). */
  statusSlot?: ReactNode;
  /** Messages under the header (publish result, call errors...). */
  banners?: ReactNode;
  /** The content of each tab's section (built by the settings panels). */
  sections?: Partial<Record<AgentDetailTab, ReactNode>>;
  /**
   * All settings panels as one block (e.g. the editor's AgentSettings), shown instead of the
   * Model, Voice & Transcriber and Configurations sections; put the ids of its own sections in
   * `sectionIds` so the tabs scroll to them.
   */
  panels?: ReactNode;
  /** Element ids the tabs scroll to, when they are not the built-in sections. */
  sectionIds?: Partial<Record<AgentDetailTab, string>>;
  /** The live call (state and running transcript) under the header while Talk to Agent runs. */
  livePanel?: ReactNode;
  /** The agent's Calls section (the call log), after the settings. */
  calls?: ReactNode;
  /** Beside Publish Agent (e.g. the last test run's outcome). */
  publishNote?: ReactNode;
}

/** The tabs whose sections the settings `panels` bring (the others are the detail's own). */
const settingsTabs = new Set<AgentDetailTab>(['model', 'voice', 'configurations']);

function prefersReducedMotion(): boolean {
  return typeof window !== 'undefined' && typeof window.matchMedia === 'function'
    ? window.matchMedia('(prefers-reduced-motion: reduce)').matches
    : false;
}

/** Scrolls the page to a tab's section (instantly when the user prefers reduced motion). */
export function scrollToAgentSection(
  tab: AgentDetailTab,
  sectionIds?: Partial<Record<AgentDetailTab, string>>,
): void {
  const id = sectionIds?.[tab] ?? agentSectionId(tab);
  const target = typeof document !== 'undefined' ? document.getElementById(id) : null;
  target?.scrollIntoView?.({
    behavior: prefersReducedMotion() ? 'auto' : 'smooth',
    block: 'start',
  });
}

function TalkButton({
  callState,
  onTalk,
  onEndCall,
  talkUnavailable,
  hintId,
}: Pick<AgentDetailViewProps, 'callState' | 'onTalk' | 'onEndCall' | 'talkUnavailable'> & {
  hintId?: string;
}) {
  if (callState === 'connected') {
    return (
      <Button variant="danger" onClick={onEndCall} disabled={!onEndCall}>
        {texts.endCall}
      </Button>
    );
  }
  return (
    <Button
      variant="secondary"
      busy={callState === 'connecting'}
      busyLabel={texts.connecting}
      onClick={onTalk}
      disabled={!onTalk || Boolean(talkUnavailable)}
      aria-describedby={talkUnavailable ? hintId : undefined}
    >
      {texts.talk}
    </Button>
  );
}

export interface AgentDetailHeaderCardProps extends Pick<
  AgentDetailViewProps,
  | 'onChat'
  | 'callState'
  | 'onTalk'
  | 'onEndCall'
  | 'talkUnavailable'
  | 'publishing'
  | 'onPublish'
  | 'editing'
  | 'onEditingChange'
  | 'chatPageUrl'
  | 'publishNote'
> {
  agent: AgentDetailHeader;
  headingId?: string;
}

/** The header: avatar, name (h1), description and id, with Chat, Talk to Agent and Publish Agent. */
export function AgentDetailHeaderCard({
  agent,
  headingId,
  onChat,
  callState = 'idle',
  onTalk,
  onEndCall,
  talkUnavailable,
  publishing = false,
  onPublish,
  editing = false,
  onEditingChange,
  chatPageUrl,
  publishNote,
}: AgentDetailHeaderCardProps) {
  const hintId = useId();
  const talkHint = callState === 'idle' && talkUnavailable ? talkUnavailable : null;
  return (
    <div className={styles.header}>
      <div className={styles.identity}>
        <Avatar name={agent.name} size="lg" decorative />
        <div className={styles.identityText}>
          <h1 id={headingId} className={styles.name}>
            {agent.name}
          </h1>
          {agent.description ? <p className={styles.description}>{agent.description}</p> : null}
          <p className={styles.agentId} title={agent.id}>
            {texts.idLabel}: {agent.id}
          </p>
          {agent.cost || agent.latency ? (
            <dl className={styles.figures}>
              {agent.cost ? (
                <div className={styles.figure}>
                  <dt>{texts.costLabel}</dt>
                  <dd className={styles.figureValue}>{agent.cost}</dd>
                </div>
              ) : null}
              {agent.latency ? (
                <div className={styles.figure}>
                  <dt>{texts.latencyLabel}</dt>
                  <dd className={styles.figureValue}>{agent.latency}</dd>
                </div>
              ) : null}
            </dl>
          ) : null}
        </div>
      </div>
      <div className={styles.actionsArea}>
        <div className={styles.actions}>
          {onEditingChange ? (
            <Button
              variant={editing ? 'primary' : 'secondary'}
              aria-pressed={editing}
              onClick={() => onEditingChange(!editing)}
            >
              {editing ? texts.doneEditing : texts.edit}
            </Button>
          ) : null}
          {chatPageUrl ? (
            <a
              className={styles.linkButton}
              href={chatPageUrl}
              target="_blank"
              rel="noopener noreferrer"
            >
              {texts.openChatPage}
              <span className={styles.visuallyHidden}> (opens in a new tab)</span>
            </a>
          ) : null}
          <Button variant="secondary" icon={<ChatIcon />} onClick={onChat} disabled={!onChat}>
            {texts.chat}
          </Button>
          <TalkButton
            callState={callState}
            onTalk={onTalk}
            onEndCall={onEndCall}
            talkUnavailable={talkUnavailable}
            hintId={hintId}
          />
          <Button
            busy={publishing}
            busyLabel={texts.publishing}
            onClick={onPublish}
            disabled={!onPublish}
          >
            {texts.publish}
          </Button>
        </div>
        {talkHint || publishNote ? (
          <div className={styles.actionNotes}>
            {talkHint ? <span id={hintId}>{talkHint}</span> : null}
            {publishNote}
          </div>
        ) : null}
      </div>
    </div>
  );
}

/**
 * The agent detail view: 'Back to Agents', a header (avatar, name, description, id) with Chat,
 * Talk to Agent / End Call and Publish Agent, the auto-save strip, and the Model, Voice &
 * Transcriber, Configurations and Widget sections with tabs (a select on small screens) that
 * scroll to them. A view: data and events come in as props.
 */
export function AgentDetailView({
  agent,
  loading = false,
  error,
  onRetry,
  onBack,
  tab,
  onTabChange,
  onChat,
  callState = 'idle',
  onTalk,
  onEndCall,
  talkUnavailable,
  publishing = false,
  onPublish,
  editing,
  onEditingChange,
  chatPageUrl,
  statusSlot,
  banners,
  sections = {},
  panels,
  sectionIds,
  livePanel,
  calls,
  publishNote,
}: AgentDetailViewProps) {
  const id = useId();
  const ready = Boolean(agent) && !loading && !error;

  // Opened on a tab other than the first (e.g. from the URL): go to its section once.
  const initialTab = useRef(tab);
  const scrolledOnce = useRef(false);
  const scrollTarget = useRef<AgentDetailTab | null>(null);
  const ids = useRef(sectionIds);
  useEffect(() => {
    ids.current = sectionIds;
  });
  const release = useRef<(() => void) | null>(null);
  useEffect(() => {
    if (!ready || scrolledOnce.current) return;
    scrolledOnce.current = true;
    if (initialTab.current !== agentDetailTabs[0].value) {
      // The sections above it are still loading: held at the top until they have (sectionPin).
      const target = ids.current?.[initialTab.current] ?? agentSectionId(initialTab.current);
      release.current = pinSectionInView(target);
    }
  }, [ready]);
  useEffect(() => () => release.current?.(), []);

  const back = (
    <Button variant="ghost" className={styles.back} onClick={onBack} icon={<ArrowLeftIcon />}>
      {texts.back}
    </Button>
  );

  if (!ready) {
    return (
      <section className={styles.screen} aria-busy={loading || undefined}>
        {back}
        {error ? (
          <RetryBanner title={texts.loadFailed} message={error} onRetry={onRetry} />
        ) : (
          <div className={styles.stateBox}>
            <Spinner label={texts.loading} showLabel />
          </div>
        )}
      </section>
    );
  }

  return (
    <section className={styles.screen} aria-labelledby={`${id}-name`}>
      {back}
      <AgentDetailHeaderCard
        agent={agent!}
        headingId={`${id}-name`}
        onChat={onChat}
        callState={callState}
        onTalk={onTalk}
        onEndCall={onEndCall}
        talkUnavailable={talkUnavailable}
        publishing={publishing}
        onPublish={onPublish}
        editing={editing}
        onEditingChange={onEditingChange}
        chatPageUrl={chatPageUrl}
        publishNote={publishNote}
      />
      {onEditingChange && !editing ? <p className={styles.muted}>{texts.readOnly}</p> : null}
      {livePanel}
      {statusSlot || banners ? (
        <div className={styles.stack}>
          {statusSlot}
          {banners}
        </div>
      ) : null}
      <Tabs
        label={texts.tabsLabel}
        items={agentDetailTabs.map((t) => ({ value: t.value, label: t.label }))}
        value={tab}
        onValueChange={(value) => {
          if (!isAgentDetailTab(value)) return;
          onTabChange(value);
          // Radix reports a click twice (press, then focus): scroll once per choice.
          if (scrollTarget.current === value) return;
          scrollTarget.current = value;
          release.current?.();
          setTimeout(() => {
            scrollTarget.current = null;
            scrollToAgentSection(value, ids.current);
          }, 0);
        }}
      />
      <div className={styles.sections}>
        {panels !== undefined ? (
          <div className={styles.panels}>
            {/* Keeps the outline in order whether the panels use h2 or h3 headings. */}
            <h2 className={styles.visuallyHidden}>{texts.settingsHeading}</h2>
            {panels}
          </div>
        ) : null}
        {agentDetailTabs
          .filter((t) => panels === undefined || !settingsTabs.has(t.value))
          .map((t) => (
            <section
              key={t.value}
              id={agentSectionId(t.value)}
              className={styles.section}
              aria-labelledby={`${id}-${t.value}`}
              data-active={t.value === tab ? 'true' : undefined}
            >
              <h2 id={`${id}-${t.value}`} className={styles.sectionHeading}>
                {t.heading}
              </h2>
              {sections[t.value] ?? <p className={styles.muted}>{texts.emptySection}</p>}
            </section>
          ))}
      </div>
      {calls}
    </section>
  );
}
