import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expectNoAxeViolations } from '../../../../ui/src/test/axe';
import { AgentDetailView, type AgentDetailViewProps } from './AgentDetailView';
import {
  agentDetailTabFrom,
  agentDetailTabs,
  agentSectionId,
  isAgentDetailTab,
} from './agentDetailTabs';

const agent = { id: 'support_1', name: 'support', description: 'Answers questions.' };

/** The sections scrolled to (other code may scroll other elements, e.g. on focus). */
function sectionScrolls(spy: { mock: { contexts: unknown[] } }): string[] {
  return spy.mock.contexts
    .map((el) => (el as HTMLElement).id)
    .filter((id) => id.startsWith('agent-section-'));
}

function setup(props: Partial<AgentDetailViewProps> = {}) {
  const handlers = {
    onBack: vi.fn(),
    onTabChange: vi.fn(),
    onChat: vi.fn(),
    onTalk: vi.fn(),
    onEndCall: vi.fn(),
    onPublish: vi.fn(),
    onRetry: vi.fn(),
  };
  const utils = render(<AgentDetailView agent={agent} tab="model" {...handlers} {...props} />);
  return { ...utils, ...handlers, user: userEvent.setup() };
}

describe('agent detail tabs', () => {
  it('are Model, Voice & Transcriber, Configurations, Widget, Analytics and Versions, in that order', () => {
    expect(agentDetailTabs.map((t) => t.label)).toEqual([
      'Model',
      'Voice & Transcriber',
      'Configurations',
      'Widget',
      'Analytics',
      'Versions',
    ]);
  });
  it('read from the URL with Model as the fallback', () => {
    expect(agentDetailTabFrom('widget')).toBe('widget');
    expect(agentDetailTabFrom('nope')).toBe('model');
    expect(agentDetailTabFrom(null)).toBe('model');
    expect(isAgentDetailTab('voice')).toBe(true);
  });
});

afterEach(() => vi.restoreAllMocks());

describe('AgentDetailView', () => {
  it('given an agent › shows the header, the actions and one section per tab', async () => {
    const { container } = setup({
      sections: { model: <p>Model panel</p> },
      statusSlot: <p>All changes saved</p>,
    });
    expect(screen.getByRole('heading', { level: 1, name: 'support' })).toBeVisible();
    expect(screen.getByText('Answers questions.')).toBeVisible();
    expect(screen.getByText('ID: support_1')).toBeVisible();
    expect(screen.getByText('All changes saved')).toBeVisible();
    for (const t of agentDetailTabs) {
      const section = container.querySelector(`#${agentSectionId(t.value)}`)!;
      expect(within(section as HTMLElement).getByRole('heading', { level: 2 })).toHaveTextContent(
        t.label,
      );
    }
    expect(screen.getByText('Model panel')).toBeVisible();
    await expectNoAxeViolations(container);
  });

  it('given a tab choice › reports it and scrolls to its section', async () => {
    const scroll = vi.spyOn(HTMLElement.prototype, 'scrollIntoView');
    const { onTabChange, user } = setup();
    await user.click(screen.getByRole('tab', { name: 'Configurations' }));
    expect(onTabChange).toHaveBeenCalledWith('configurations');
    await waitFor(() => expect(sectionScrolls(scroll)).toEqual([agentSectionId('configurations')]));
  });

  it('given the small-screen select › chooses the tab too', async () => {
    const { onTabChange, user } = setup();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Agent settings' }), 'widget');
    expect(onTabChange).toHaveBeenCalledWith('widget');
  });

  it('given it opens on a later tab › scrolls there once', () => {
    const scroll = vi.spyOn(HTMLElement.prototype, 'scrollIntoView');
    // The section is further down a long page (jsdom lays nothing out: every box is at 0).
    vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockReturnValue({
      top: 900,
    } as DOMRect);
    vi.spyOn(document.documentElement, 'scrollHeight', 'get').mockReturnValue(5000);
    const { rerender } = setup({ tab: 'widget' });
    expect(sectionScrolls(scroll)).toEqual([agentSectionId('widget')]);
    rerender(<AgentDetailView agent={agent} tab="widget" onBack={vi.fn()} onTabChange={vi.fn()} />);
    expect(sectionScrolls(scroll)).toEqual([agentSectionId('widget')]);
  });

  it('given all panels as one block › shows it instead of the three sections and scrolls to its ids', async () => {
    const scroll = vi.spyOn(HTMLElement.prototype, 'scrollIntoView');
    const { container, onTabChange, user } = setup({
      panels: (
        <div>
          <section id="editor-voice" aria-label="Voice panel" />
        </div>
      ),
      sectionIds: { voice: 'editor-voice' },
    });
    expect(container.querySelector(`#${agentSectionId('model')}`)).toBeNull();
    expect(container.querySelector(`#${agentSectionId('widget')}`)).not.toBeNull();
    await user.click(screen.getByRole('tab', { name: 'Voice & Transcriber' }));
    expect(onTabChange).toHaveBeenCalledWith('voice');
    await waitFor(() =>
      expect(scroll.mock.contexts.map((el) => (el as HTMLElement).id)).toContain('editor-voice'),
    );
  });

  it('wires Back, Chat, Talk and Publish', async () => {
    const { onBack, onChat, onTalk, onPublish, user } = setup();
    await user.click(screen.getByRole('button', { name: 'Back to Agents' }));
    await user.click(screen.getByRole('button', { name: 'Chat' }));
    await user.click(screen.getByRole('button', { name: 'Talk to Agent' }));
    await user.click(screen.getByRole('button', { name: 'Publish Agent' }));
    expect([onBack, onChat, onTalk, onPublish].map((f) => f.mock.calls.length)).toEqual([
      1, 1, 1, 1,
    ]);
  });

  it("shows the call states: 'Connecting...' then 'End Call'", async () => {
    const { rerender, onEndCall, user } = setup({ callState: 'connecting' });
    expect(screen.getByRole('button', { name: 'Connecting...' })).toBeDisabled();
    rerender(
      <AgentDetailView
        agent={agent}
        tab="model"
        onBack={vi.fn()}
        onTabChange={vi.fn()}
        callState="connected"
        onEndCall={onEndCall}
      />,
    );
    await user.click(screen.getByRole('button', { name: 'End Call' }));
    expect(onEndCall).toHaveBeenCalled();
  });

  it("shows 'Publishing...' while publishing", () => {
    setup({ publishing: true });
    expect(screen.getByRole('button', { name: 'Publishing...' })).toBeDisabled();
  });

  it('given loading or a failure › shows the state with Back (and Retry)', async () => {
    const { rerender, onRetry, user } = setup({ agent: null, loading: true });
    expect(screen.getByText('Loading agent...')).toBeInTheDocument();
    rerender(
      <AgentDetailView
        agent={null}
        error="HTTP 502: Bad Gateway"
        tab="model"
        onBack={vi.fn()}
        onTabChange={vi.fn()}
        onRetry={onRetry}
      />,
    );
    expect(screen.getByRole('alert')).toHaveTextContent('Failed to get agent configuration');
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(onRetry).toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Back to Agents' })).toBeVisible();
  });
});
