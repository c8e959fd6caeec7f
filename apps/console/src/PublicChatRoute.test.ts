import { describe, expect, it } from 'vitest';
import { completeSearch } from './PublicChatRoute';

describe('completeSearch', () => {
  const agent = {
    api_url: 'http://h/v1',
    api_key: 'app-K',
    initial_message: 'Hi there',
    name: 'support',
  };
  it('fills what the QR link lacks', () => {
    const params = new URLSearchParams(completeSearch('', agent));
    expect(Object.fromEntries(params)).toEqual({
      api_url: 'http://h/v1',
      api_key: 'app-K',
      initial_message: 'Hi there',
      name: 'support',
    });
  });
  it('keeps what the link already has', () => {
    const params = new URLSearchParams(
      completeSearch('?name=Front+desk&initial_message=Hello', agent),
    );
    expect(params.get('name')).toBe('Front desk');
    expect(params.get('initial_message')).toBe('Hello');
  });
});
