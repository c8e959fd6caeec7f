import { describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import type { DashboardApi } from '@parley/dashboard';
import { App } from './App';

function signedOutApi(): DashboardApi {
  const fail = () => Promise.reject(new Error('not expected in this test'));
  return {
    me: vi.fn(async () => null),
    signUp: fail,
    signIn: fail,
    signOut: fail,
    createOrganization: fail,
    listAgents: fail,
    createAgent: fail,
    deleteAgent: fail,
    listPhoneNumbers: fail,
    listMailboxMappings: fail,
    mail: fail,
    getAgent: fail,
    updateAgent: fail,
    savePrompt: fail,
    saveModelConfig: fail,
    getAppIdByKey: fail,
    publishAgent: fail,
    // Not reached by these tests (the sign-in routes): any call is a failure.
    knowledge: new Proxy({}, { get: () => fail }) as DashboardApi['knowledge'],
    integrations: new Proxy({}, { get: () => fail }) as DashboardApi['integrations'],
    generateVoiceToken: fail,
    phoneNumberPage: fail,
    channelPage: fail,
    channelMessages: fail,
    unassignChannelNumber: fail,
    mapChannelNumber: fail,
    sendSms: fail,
    sendWhatsapp: fail,
    simulateInbound: fail,
    availablePhoneNumbers: fail,
    syncPhoneNumbers: fail,
    assignPhoneNumber: fail,
    unassignPhoneNumber: fail,
    listCalls: fail,
    getCall: fail,
    sendLimits: fail,
    scheduling: {
      scheduledPage: fail,
      createScheduled: fail,
      updateScheduled: fail,
      deleteScheduled: fail,
      resumeDialing: fail,
      setSandboxOutcome: fail,
      schedulingSettings: fail,
      updateSchedulingSettings: fail,
      doNotCallPage: fail,
      addDoNotCall: fail,
      removeDoNotCall: fail,
    },
  };
}

describe('App', () => {
  it('given a signed-out visit to / › redirects to /login and shows the sign-in form', async () => {
    window.history.replaceState(null, '', '/');
    const api = signedOutApi();
    render(<App api={api} />);
    await waitFor(() => expect(window.location.pathname).toBe('/login'));
    expect(await screen.findByRole('heading', { name: 'Parley' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Sign in' })).toHaveAttribute('aria-selected', 'true');
    expect(api.me).toHaveBeenCalled();
  });
});
