import { describe, expect, it } from 'vitest';
import { fieldLabel, humanizeMessage, plainMessageOf, plainReason } from './humanMessages';

describe('humanizeMessage', () => {
  it.each([
    [
      'url: url must be a valid http(s) URL',
      'URL must be a web address starting with http:// or https://',
    ],
    [
      'initial_message: Too big: expected string to have <=2000 characters',
      'Initial Message is too long (at most 2000 characters)',
    ],
    ['max_nudges: Too big: expected number to be <=10', 'Max Nudges must be at most 10'],
    ['nudge_interval: Too small: expected number to be >=5', 'Nudge Interval must be at least 5'],
    ['name: Too small: expected string to have >=1 characters', 'Name is required'],
    [
      'chatbot_api: Invalid URL',
      'Agent URL must be a web address starting with http:// or https://',
    ],
    ['tts_config.openai.speed: Too big: expected number to be <=4', 'Speed must be at most 4'],
    ['getaddrinfo ENOTFOUND example.com', 'Could not reach example.com'],
    [
      'Failed to crawl URL: getaddrinfo EAI_AGAIN docs.example.org',
      'Could not reach docs.example.org',
    ],
    [
      'connect ECONNREFUSED 10.0.0.1:443',
      'Could not reach 10.0.0.1:443: the connection was refused',
    ],
    [
      'Failed to fetch',
      'Could not reach the server. Check your internet connection and try again.',
    ],
    [
      'could not establish signal connection: Failed to fetch',
      'Could not connect the voice call. The voice service did not answer; please try again in a moment.',
    ],
    ['The operation was aborted due to timeout', 'The request took too long and was stopped'],
    [
      'model_live_url: A base URL cannot have a query string',
      'Model Live URL: A base URL cannot have a query string.',
    ],
    [
      'chatbot_api: The host example.invalid cannot be found.',
      'Agent URL: The host example.invalid cannot be found.',
    ],
  ])('%s → %s', (raw, plain) => {
    expect(humanizeMessage(raw)).toBe(plain);
  });

  it('leaves sentences it does not know alone', () => {
    expect(humanizeMessage('Agent not found')).toBe('Agent not found');
    expect(humanizeMessage('Note: this is fine')).toBe('Note: this is fine');
    expect(humanizeMessage('Failed to save prompt: nope')).toBe('Failed to save prompt: nope');
  });

  it('never shows a snake_case field name', () => {
    expect(humanizeMessage('some_field: Required')).toBe('Some field is required');
  });
});

describe('fieldLabel and plainReason', () => {
  it('labels paths by their last part', () => {
    expect(fieldLabel('chunkSettings.minSectionSize')).toBe('Min section size');
    expect(fieldLabel('allowed_origins.0')).toBe('Allowed Origins');
  });
  it('drops a repeated field name', () => {
    expect(plainReason('url must be a valid http(s) URL', 'url')).toBe(
      'must be a web address starting with http:// or https://',
    );
  });
  it('plainMessageOf humanizes errors and falls back', () => {
    expect(plainMessageOf(new TypeError('Failed to fetch'))).toMatch(/Could not reach the server/);
    expect(plainMessageOf(null, 'Unknown error')).toBe('Unknown error');
  });
});
