import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { WebhooksPanel } from './WebhooksPanel';
import { reasons } from './webhookRules';
import { allEventsHook, crmHook, deliveries, disabledHook } from './webhookFixtures';

const log = {
  deliveries,
  onReplay: fn(),
  onRefresh: fn(),
};

const meta = {
  title: 'Dashboard/Webhooks',
  component: WebhooksPanel,
  args: {
    canManage: true,
    webhooks: [],
    onCreate: fn(),
    onTest: fn(),
    onToggle: fn(),
    onUpdate: fn(),
    onRotate: fn(),
    onDelete: fn(),
    onOpenLog: fn(),
    onDismissSecret: fn(),
  },
} satisfies Meta<typeof WebhooksPanel>;
export default meta;
type Story = StoryObj<typeof meta>;

/** No webhooks yet: the form checks its fields before sending, then sends the draft. */
export const Empty: Story = {
  play: async ({ canvasElement, args }) => {
    const c = within(canvasElement);
    await expect(c.getByText(/No webhooks yet/)).toBeVisible();
    await userEvent.click(c.getByRole('button', { name: 'Add webhook' }));
    await expect(c.getByText('Enter the URL that receives the events')).toBeVisible();
    await expect(c.getByText('Choose at least one event, or All events')).toBeVisible();
    await expect(args.onCreate).not.toHaveBeenCalled();
    await userEvent.type(c.getByLabelText('Endpoint URL'), 'https://crm.example.com/hook');
    await userEvent.click(c.getByRole('checkbox', { name: /conversation\.ended/ }));
    await userEvent.click(c.getByRole('checkbox', { name: /^All events/ }));
    // All events stands alone.
    await expect(c.getByRole('checkbox', { name: /conversation\.ended/ })).not.toBeChecked();
    await userEvent.click(c.getByRole('button', { name: 'Add webhook' }));
    await expect(args.onCreate).toHaveBeenCalledWith({
      url: 'https://crm.example.com/hook',
      description: '',
      events: ['*'],
    });
  },
};
export const EmptyDark: Story = { globals: { theme: 'dark' } };

/** Endpoints: active, failing, and one the server disabled (it says why). */
export const List: Story = {
  args: { webhooks: [crmHook, allEventsHook, disabledHook] },
  play: async ({ canvasElement, args }) => {
    const c = within(canvasElement);
    await expect(c.getByText('Endpoints (3)')).toBeVisible();
    await expect(c.getByText('A webhook was disabled by the server')).toBeVisible();
    await expect(c.getByText(/Every delivery failed for 5 days/)).toBeVisible();
    await expect(
      c.getByRole('button', { name: `Send test event to ${disabledHook.url}` }),
    ).toBeDisabled();
    await userEvent.click(c.getByRole('button', { name: `Send test event to ${crmHook.url}` }));
    await expect(args.onTest).toHaveBeenCalledWith(crmHook.id);
    await userEvent.click(c.getByRole('button', { name: `Deliveries of ${crmHook.url}` }));
    await expect(args.onOpenLog).toHaveBeenCalledWith(crmHook.id);
    await userEvent.click(c.getByRole('button', { name: `Delete ${allEventsHook.url}` }));
    await userEvent.click(within(document.body).getByRole('button', { name: 'Delete' }));
    await expect(args.onDelete).toHaveBeenCalledWith(allEventsHook.id);
  },
};
export const ListDark: Story = { ...List, play: undefined, globals: { theme: 'dark' } };

/** The delivery log with failures: replay a failed one; a pending one cannot be replayed yet. */
export const DeliveryLogWithFailures: Story = {
  args: { webhooks: [crmHook], openLog: crmHook.id, log },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    const logRegion = within(c.getByRole('region', { name: 'Delivery log' }));
    await expect(logRegion.getByText('1 delivery failed')).toBeVisible();
    await expect(logRegion.getByText('No answer within 10 s')).toBeVisible();
    await expect(logRegion.getByText(/The endpoint answered HTTP 503; next try/)).toBeVisible();
    const replays = logRegion.getAllByRole('button', { name: /^Replay/ });
    await expect(replays[0]).toBeDisabled();
    await userEvent.click(replays[1]!);
    await expect(log.onReplay).toHaveBeenCalledWith(deliveries[1]!.id);
  },
};
export const DeliveryLogWithFailuresDark: Story = {
  args: DeliveryLogWithFailures.args,
  globals: { theme: 'dark' },
};

/** A member sees everything but may change nothing, and is told why. */
export const MemberReadOnly: Story = {
  args: { canManage: false, webhooks: [crmHook], openLog: crmHook.id, log },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await expect(c.getAllByText(reasons.manage)[0]).toBeVisible();
    await expect(c.getByRole('button', { name: 'Add webhook' })).toBeDisabled();
    await expect(c.getByLabelText('Endpoint URL')).toBeDisabled();
    await expect(c.getByRole('button', { name: `Delete ${crmHook.url}` })).toBeDisabled();
    await expect(c.getByRole('switch', { name: 'Enabled' })).toBeDisabled();
    for (const b of c.getAllByRole('button', { name: /^Replay/ })) await expect(b).toBeDisabled();
  },
};
export const MemberReadOnlyDark: Story = { args: MemberReadOnly.args, globals: { theme: 'dark' } };

/** Just added: the signing secret, shown this once. */
export const SecretShownOnce: Story = {
  args: {
    webhooks: [crmHook],
    secret: { url: crmHook.url, secret: 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw', rotated: false },
  },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await expect(c.getByText(/it is not shown again/)).toBeVisible();
    await expect(c.getByLabelText('Signing secret')).toHaveValue(
      'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw',
    );
  },
};
export const SecretShownOnceDark: Story = {
  args: SecretShownOnce.args,
  globals: { theme: 'dark' },
};

export const Refused: Story = {
  args: {
    webhooks: [crmHook],
    actionError: 'url: 10.0.0.5 is not a public address; the server only calls public addresses',
  },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText(/is not a public address/)).toBeVisible();
  },
};
export const RefusedDark: Story = { args: Refused.args, globals: { theme: 'dark' } };

export const Loading: Story = { args: { loading: true } };
export const LoadingDark: Story = { args: { loading: true }, globals: { theme: 'dark' } };

export const LoadError: Story = {
  args: { error: 'HTTP 500: Internal Server Error', onRetry: fn() },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('Could not load the webhooks')).toBeVisible();
  },
};
export const LoadErrorDark: Story = { args: LoadError.args, globals: { theme: 'dark' } };

/** Edit an endpoint: its URL, description and events, saved with PUT. */
export const Editing: Story = {
  args: { webhooks: [crmHook] },
  play: async ({ canvasElement, args }) => {
    const c = within(canvasElement);
    await userEvent.click(c.getByRole('button', { name: `Edit ${crmHook.url}` }));
    const form = within(c.getByRole('form', { name: `Edit ${crmHook.url}` }));
    await expect(form.getByRole('checkbox', { name: /^conversation\.ended/ })).toBeChecked();
    await userEvent.click(form.getByRole('checkbox', { name: /^call\.ended/ }));
    await userEvent.click(form.getByRole('button', { name: 'Save webhook' }));
    await expect(args.onUpdate).toHaveBeenCalledWith(crmHook.id, {
      url: crmHook.url,
      description: 'CRM sync',
      events: [...crmHook.events, 'call.ended'],
    });
  },
};
export const EditingDark: Story = { args: Editing.args, globals: { theme: 'dark' } };
