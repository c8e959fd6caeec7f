// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { asksForPerson } from './asksForPerson';

describe('asksForPerson', () => {
  it.each([
    'human',
    'Agent',
    'person',
    'agent please',
    'Real person!',
    'operator',
    'I want to talk to a human',
    'Can I speak to a person?',
    'Let me talk with a real person please',
    'I need an agent',
    'Please connect me to someone from your team',
    'transfer me to a representative',
    'Can you put me through to a member of the team?',
    'I would like to speak with customer service',
    'get me a human',
    'I’d like to chat with a live agent',
  ])('a request: %s', (text) => {
    expect(asksForPerson(text)).toBe(true);
  });

  it.each([
    '',
    'Hello',
    'What are your opening hours?',
    'Are you a human?',
    'Is this a real person?',
    "I don't want to talk to a person",
    'No need to get a human involved',
    'I need a travel agent for my trip',
    'Can your agent book a table?',
    'My person of contact is Ana',
    'The agent said my order shipped',
    'humanity is great',
    'x'.repeat(400),
  ])('not a request: %s', (text) => {
    expect(asksForPerson(text)).toBe(false);
  });
});
