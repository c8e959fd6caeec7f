import { describe, expect, it, vi } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { DocumentDetailView } from './DocumentDetailView';
import { ApiKeysPanel } from './ApiKeysPanel';
import { KnowledgeBaseCard } from './KnowledgeBaseCard';

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
  it('shows the real character count and the words, and labels switched-off parts Off', () => {
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
    expect(within(segment).getByText('Off')).toBeInTheDocument();
    expect(screen.getByText('Off: switched off')).toBeInTheDocument();
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
