import { useState } from 'react';
import { plainMessageOf, type AgentFigures } from '@parley/api-client';
import { AgentDetail, type AgentDetailTab } from './detail';
import { AgentSettings, agentSettingsSectionIds } from './editor';
import { AgentCalls } from '../calls';
import { LiveCallSlot, useTalkUnavailable, useVoiceCall } from '../calls';
import { AgentTestsSlot, TestsPublishNoteSlot } from './tests/AgentTestsSlot';
import { useMakeTest } from './tests/queries';
import { agentHasVoice } from './tests/voiceRun';
import { AgentConversationsSlot } from '../conversations/AgentConversationsSlot';
import type { TestedVersion } from './versions';

const settingsSections: Partial<Record<AgentDetailTab, string>> = {
  model: agentSettingsSectionIds.model,
  voice: agentSettingsSectionIds.voice,
  configurations: agentSettingsSectionIds.configurations,
};

/** One agent's detail with its editor and voice call (loaded when an agent is opened). */
export default function AgentDetailWithCall({
  agentId,
  orgId,
  section,
  onSection,
  onBack,
  editing,
  onEditingChange,
  focusTests = false,
}: {
  agentId: string;
  orgId: string;
  section: AgentDetailTab;
  onSection: (tab: AgentDetailTab) => void;
  onBack: () => void;
  editing: boolean;
  onEditingChange: (editing: boolean) => void;
  /** Opened by a link to the agent's Tests (`?section=tests`): scroll to them once loaded. */
  focusTests?: boolean;
}) {
  // The test chat and 'Talk to Agent' answer with the draft, or the live version (the drawer's switch).
  const [testVersion, setTestVersion] = useState<TestedVersion>('draft');
  const voiceCall = useVoiceCall(agentId, testVersion);
  // Talk to Agent is offered only when System Status says a call can start here.
  const unavailable = useTalkUnavailable(orgId);
  const call = { ...voiceCall, unavailable };
  const makeTest = useMakeTest(agentId);
  // The header's expected cost and latency follow the model and voice being chosen.
  const [figures, setFigures] = useState<AgentFigures | null>(null);
  return (
    <AgentDetail
      agentId={agentId}
      orgId={orgId}
      tab={section}
      onTabChange={onSection}
      onBack={onBack}
      call={call}
      testVersion={testVersion}
      onTestVersionChange={setTestVersion}
      editing={editing}
      onEditingChange={onEditingChange}
      figures={figures}
      settings={{
        panels: (
          <AgentSettings
            agentId={agentId}
            orgId={orgId}
            editing={editing}
            headingLevel={3}
            onFigures={setFigures}
          />
        ),
        sectionIds: settingsSections,
        livePanel: <LiveCallSlot room={call.room} stream={call.stream} callState={call.state} />,
        calls: (agent) => (
          <>
            <AgentCalls
              agentId={agentId}
              headingLevel={2}
              id="agent-section-calls"
              onMakeTest={(conversationId) => makeTest.mutate(conversationId)}
              makingTest={makeTest.isPending}
              makeTestError={makeTest.error ? plainMessageOf(makeTest.error) : null}
            />
            <AgentTestsSlot
              agentId={agentId}
              headingLevel={2}
              id="agent-section-tests"
              voice={agentHasVoice(agent)}
              focus={focusTests}
            />
            <AgentConversationsSlot
              orgId={orgId}
              agentId={agentId}
              id="agent-section-conversations"
            />
          </>
        ),
        publishNote: <TestsPublishNoteSlot agentId={agentId} />,
      }}
    />
  );
}
