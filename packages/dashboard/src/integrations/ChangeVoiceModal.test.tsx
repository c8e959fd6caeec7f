import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { ChangeVoiceModal, withArticle } from './ChangeVoiceModal';

describe('ChangeVoiceModal', () => {
  it('puts the right article before the provider: an ElevenLabs, an OpenAI, a Cartesia', () => {
    expect(withArticle('ElevenLabs')).toBe('an ElevenLabs');
    expect(withArticle('OpenAI')).toBe('an OpenAI');
    expect(withArticle('Cartesia')).toBe('a Cartesia');
  });

  it("given ElevenLabs › says 'Choose an ElevenLabs voice'", () => {
    render(
      <ChangeVoiceModal
        open
        onOpenChange={() => {}}
        providerLabel="ElevenLabs"
        voices={[]}
        onChoose={() => {}}
      />,
    );
    expect(screen.getByText('Choose an ElevenLabs voice or type its ID.')).toBeInTheDocument();
  });
});
