// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { isOfflineAnswer, visitorText } from './visitorText';

const head =
  "Offline responder: no OpenAI API key is configured for this agent, so no model was called. Add a key in the agent's Model settings (or set OPENAI_API_KEY on the server) for real answers.";

describe('visitorText', () => {
  it('drops the offline responder set-up paragraph', () => {
    const text = `${head}\n\nHere is what the knowledge base says about “hours”:\n\n1. Open 9-5.`;
    expect(visitorText(text)).toBe(
      'Here is what the knowledge base says about “hours”:\n\n1. Open 9-5.',
    );
    expect(visitorText(text)).not.toMatch(/API key|OPENAI_API_KEY|server/);
  });

  it('shows nothing while the head streams in', () => {
    expect(visitorText('Offline ')).toBe('');
    expect(visitorText('Offline responder: no OpenAI')).toBe('');
    expect(isOfflineAnswer('Offline ')).toBe(true);
  });

  it('leaves ordinary answers alone', () => {
    expect(visitorText('Hello! We open at 9.')).toBe('Hello! We open at 9.');
    expect(isOfflineAnswer('Hello')).toBe(false);
  });
});
