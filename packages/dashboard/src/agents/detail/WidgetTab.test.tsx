import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { WidgetTab, widgetTexts } from './WidgetTab';

describe('WidgetTab', () => {
  it('links the API reference next to the agent URL, opening in a new tab', () => {
    render(
      <WidgetTab
        agentName="Support"
        agentId="support_1"
        apiUrl="https://agents.example/v1/chat-messages"
        apiKey="app-abc"
        origin="https://agents.example/"
      />,
    );
    const link = screen.getByRole('link', { name: widgetTexts.apiReference });
    expect(link).toHaveAttribute('href', 'https://agents.example/api/reference');
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', 'noreferrer');
  });
});
