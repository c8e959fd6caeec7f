import { describe, expect, it, vi } from 'vitest';
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { DocumentDetailView } from './DocumentDetailView';
import { ApiKeysPanel } from './ApiKeysPanel';
import { KnowledgeBaseCard } from './KnowledgeBaseCard';
import { KnowledgeBaseScreen } from './KnowledgeBaseScreen';
import { noticeClearMs } from './knowledgeErrors';

const doc = {
  id: 'd1',
  name: 'faq.md',
  wordCount: 12,
  createdAt: '2025-01-01T00:00:00Z',
  enabled: false,
  status: 'completed',
};
const text = 'Opening hours are nine to five. '.repeat(10).trim();

describe('DocumentDetailView', () => {
  it('shows the real character count and the words, and labels switched-off parts Disabled', () => {
    render(
      <DocumentDetailView
        document={doc}
        segments={[{ id: 's1', content: text, enabled: false, wordCount: 60, hitCount: 2 }]}
        onBack={() => {}}
        onReindex={() => {}}
        onToggleSegment={() => {}}
      />,
    );
    const segment = screen.getByRole('article', { name: /Chunk-01/ });
    expect(within(segment).getByText(`${text.length} characters`)).toBeInTheDocument();
    expect(within(segment).getByText('60 words')).toBeInTheDocument();
    // A switched-off segment and document read their real state, never 'Enabled'.
    expect(within(segment).getByRole('switch', { name: 'Disabled' })).not.toBeChecked();
    expect(within(segment).queryByText('Enabled')).toBeNull();
    expect(screen.getByText('Disabled', { selector: '[data-tone] > span' })).toBeInTheDocument();
  });

  it('shows the full text of a long segment on keyboard focus', async () => {
    render(
      <DocumentDetailView
        document={{ ...doc, enabled: true }}
        segments={[{ id: 's1', content: text, enabled: true, wordCount: 60, hitCount: 0 }]}
        onBack={() => {}}
        onReindex={() => {}}
        onToggleSegment={() => {}}
      />,
    );
    await userEvent.tab();
    await userEvent.tab();
    await userEvent.tab();
    await userEvent.tab();
    const tip = await screen.findByRole('tooltip', {}, { timeout: 5000 });
    expect(tip).toHaveTextContent(text);
  });
});

describe('ApiKeysPanel', () => {
  it("a new key shows its name and reads 'Copied!' after Copy", async () => {
    const writeText = vi.fn(async () => {});
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    const key = {
      id: 'k1',
      name: 'API Key for FAQ',
      token: 'dataset-abcdef123456',
      createdAt: '2025-01-01T00:00:00Z',
      lastUsedAt: null,
    };
    render(<ApiKeysPanel knowledgeBaseName="FAQ" keys={[key]} onCreate={() => {}} created={key} />);
    expect(screen.getByText('Created: API Key for FAQ')).toBeInTheDocument();
    expect(screen.getByRole('rowheader', { name: 'API Key for FAQ' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Copy key' }));
    expect(writeText).toHaveBeenCalledWith('dataset-abcdef123456');
    expect(await screen.findAllByText('Copied!')).not.toHaveLength(0);
  });
});

describe('KnowledgeBaseCard', () => {
  it.each([
    ['ready', 'Ready'],
    ['processing', 'Processing'],
    ['error', 'Error'],
  ] as const)('shows the %s status icon', (status, label) => {
    render(
      <KnowledgeBaseCard
        base={{
          id: 'kb1',
          name: 'FAQ',
          documentCount: 1,
          createdAt: '2025-01-01',
          indexingTechnique: 'economy',
          status,
        }}
        onSelect={() => {}}
        onDelete={() => {}}
      />,
    );
    expect(screen.getByText(label).closest('[data-status]')).toHaveAttribute('data-status', status);
  });
});

describe('KnowledgeBaseScreen', () => {
  it('given a full-text-only warning › the banner clears itself after 5000 ms', () => {
    vi.useFakeTimers();
    try {
      const onDismissNotice = vi.fn();
      render(
        <KnowledgeBaseScreen
          section="list"
          onSectionChange={() => {}}
          hasSelection={false}
          notice={{
            tone: 'warning',
            title: 'Knowledge base "Docs" created.',
            message: 'this knowledge base is indexed with full-text search only.',
          }}
          onDismissNotice={onDismissNotice}
        />,
      );
      expect(screen.getByText(/this knowledge base is indexed/)).toBeInTheDocument();
      act(() => vi.advanceTimersByTime(noticeClearMs - 1));
      expect(screen.getByText(/this knowledge base is indexed/)).toBeInTheDocument();
      act(() => vi.advanceTimersByTime(1));
      expect(screen.queryByText(/this knowledge base is indexed/)).toBeNull();
      expect(onDismissNotice).toHaveBeenCalledTimes(1);
      expect(noticeClearMs).toBe(5000);
    } finally {
      vi.useRealTimers();
    }
  });
});
