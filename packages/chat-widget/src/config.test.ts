import { describe, expect, it } from 'vitest';
import { configFromScript } from './config';

describe('configFromScript', () => {
  it('reads data attributes with the spec defaults', () => {
    const s = document.createElement('script');
    s.dataset.agentUrl = 'http://localhost:3000/v1';
    s.dataset.agentKey = 'app-123';
    expect(configFromScript(s)).toMatchObject({
      agentName: 'Assistant',
      position: 'bottom-right',
      primaryColor: '#667eea',
    });
  });
  it('needs a URL and a key', () => {
    expect(configFromScript(document.createElement('script'))).toBeNull();
  });
});
