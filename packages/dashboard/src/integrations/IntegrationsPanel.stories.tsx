import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, within } from 'storybook/test';
import type { Integration } from '@parley/api-client';
import { IntegrationsPanel } from './IntegrationsPanel';

const configured = (provider: string, masked: Record<string, string>): Integration => ({
  provider,
  configured: true,
  masked,
  last_tested_at: null,
  last_test_ok: null,
  last_test_message: null,
  updated_at: '2026-11-23T10:00:00.000Z',
});
const someConfigured: Integration[] = [
  configured('twilio', {
    account_sid: '••••••••••••••••••••••••••••••1234',
    auth_token: `${'•'.repeat(28)}abcd`, // a 32-hex Auth Token
  }),
  configured('openai', { api_key: '••••••••••••••••9f3a' }),
  configured('elevenlabs', { api_key: '••••••••••••••••7c21' }),
  configured('deepgram', { api_key: '••••••••••••••••0d4e' }),
  {
    ...configured('whatsapp_cloud', {
      phone_number_id: '••••••••7890',
      access_token: '••••••••••••••••k3Qz',
      app_secret: '••••••••••••9a1b',
      verify_token: '••••••••0001',
    }),
    callback_url:
      'https://parley.example.com/webhooks/whatsapp-cloud/0b6f3c1e-5a2d-4c8e-9f10-2b3c4d5e6f70',
  },
];

const meta = {
  title: 'Dashboard/Integrations/Integrations panel',
  component: IntegrationsPanel,
  args: {
    orgName: 'Acme Labs',
    integrations: someConfigured,
    onSave: fn(),
    onTest: fn(),
    onRemove: fn(),
    onRetry: fn(),
  },
} satisfies Meta<typeof IntegrationsPanel>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Loading: Story = { args: { loading: true, integrations: [] } };

export const NotConfigured: Story = {
  args: { integrations: [] },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    const cartesia = c.getByRole('region', { name: 'Cartesia' });
    await expect(within(cartesia).getByText('Not configured', { selector: 'p' })).toBeVisible();
    await expect(within(cartesia).getByRole('button', { name: 'Save' })).toBeDisabled();
  },
};

export const Configured: Story = {
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    const openai = c.getByRole('region', { name: 'OpenAI' });
    await expect(within(openai).getByLabelText('Stored OpenAI API key')).toHaveTextContent(/9f3a$/);
    // WhatsApp Cloud: the integration's own callback URL, to copy.
    const cloud = c.getByRole('region', { name: 'WhatsApp Cloud API' });
    await expect(
      within(cloud).getByRole('textbox', { name: 'WhatsApp Cloud API callback URL' }),
    ).toHaveValue(
      'https://parley.example.com/webhooks/whatsapp-cloud/0b6f3c1e-5a2d-4c8e-9f10-2b3c4d5e6f70',
    );
  },
};

export const Saving: Story = { args: { activity: { elevenlabs: { saving: true } } } };

export const Testing: Story = { args: { activity: { elevenlabs: { testing: true } } } };

export const TestOk: Story = {
  args: {
    activity: { elevenlabs: { test: { success: true, message: 'ElevenLabs key is working' } } },
  },
};

export const TestFailed: Story = {
  args: {
    activity: {
      deepgram: {
        test: {
          success: false,
          message: 'Deepgram rejected the API key (401): Invalid credentials.',
        },
      },
    },
  },
};

export const SaveFailed: Story = {
  args: {
    activity: {
      openai: { error: 'credentials.api_key: must be printable characters without spaces' },
    },
  },
};

export const LoadFailed: Story = {
  args: { integrations: [], error: 'Database unavailable' },
};

const dark = { globals: { theme: 'dark' } };
export const LoadingDark: Story = { ...Loading, ...dark };
export const NotConfiguredDark: Story = { ...NotConfigured, ...dark };
export const ConfiguredDark: Story = { ...Configured, ...dark };
export const SavingDark: Story = { ...Saving, ...dark };
export const TestingDark: Story = { ...Testing, ...dark };
export const TestOkDark: Story = { ...TestOk, ...dark };
export const TestFailedDark: Story = { ...TestFailed, ...dark };
export const SaveFailedDark: Story = { ...SaveFailed, ...dark };
export const LoadFailedDark: Story = { ...LoadFailed, ...dark };

/** A member sees the keys, every field and button disabled, with the reason (docs/roles.md). */
export const Member: Story = {
  args: {
    integrations: someConfigured,
    disabledReason: 'Only an owner or admin can change provider credentials',
  },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    for (const name of ['Save', 'Test', 'Remove'])
      for (const button of c.getAllByRole('button', { name })) {
        await expect(button).toBeDisabled();
        await expect(button).toHaveAccessibleDescription(
          'Only an owner or admin can change provider credentials',
        );
      }
    for (const field of canvasElement.querySelectorAll('input[type="password"]'))
      await expect(field).toBeDisabled();
  },
};
export const MemberDark: Story = { ...Member, ...dark };
