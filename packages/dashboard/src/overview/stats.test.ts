// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { firstNameOf, loadDashboardStats } from './stats';

describe('loadDashboardStats', () => {
  it('counts agents, numbers, WhatsApp-enabled numbers and mailbox mappings', async () => {
    const stats = await loadDashboardStats({
      agents: async () => [1, 2, 3],
      phoneNumbers: async () => [{ whatsapp_enabled: true }, { whatsapp_enabled: false }, {}],
      mailboxMappings: async () => [1],
    });
    expect(stats).toEqual({
      totalAgents: 3,
      totalPhoneNumbers: 3,
      totalWhatsAppNumbers: 1,
      totalEmails: 1,
    });
  });
  it('counts a failed source as 0 and keeps the others', async () => {
    const stats = await loadDashboardStats({
      agents: async () => [1],
      phoneNumbers: async () => {
        throw new Error('HTTP 404: Not Found');
      },
      mailboxMappings: async () => {
        throw new Error('network');
      },
    });
    expect(stats).toEqual({
      totalAgents: 1,
      totalPhoneNumbers: 0,
      totalWhatsAppNumbers: 0,
      totalEmails: 0,
    });
  });
});

describe('firstNameOf', () => {
  it('uses the first name, else the email local part', () => {
    expect(firstNameOf({ firstName: 'Ada', email: 'ada@x.io' })).toBe('Ada');
    expect(firstNameOf({ firstName: '', email: 'grace@x.io' })).toBe('grace');
  });
});
