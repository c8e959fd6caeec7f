import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { StoryProviders } from '../stories/StoryProviders';
import OutcomesSection from './OutcomesSection';
import { bookingPlan } from './outcomeFixtures';
import { outcomesBackend, outcomesFailing, outcomesLoading } from '../stories/outcomeHandlers';

/** The container over the real client (the dashboard's one context); MSW answers the contract. */
const meta = {
  title: 'Dashboard/Outcomes/Section',
  component: OutcomesSection,
  args: { orgId: 'org_1', agentId: 'clinic_1', editing: true },
  render: (args) => (
    <StoryProviders>
      <OutcomesSection {...args} />
    </StoryProviders>
  ),
} satisfies Meta<typeof OutcomesSection>;
export default meta;
type Story = StoryObj<typeof meta>;

let backend = outcomesBackend();

/** A change autosaves into the draft; a field the plan refuses is named and nothing is sent. */
export const Autosave: Story = {
  beforeEach: ({ msw }) => {
    backend = outcomesBackend();
    msw.use(...backend.handlers);
  },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    const status = await c.findByRole('status', { name: 'Outcome plan save status' });
    await userEvent.click(c.getByRole('switch', { name: /Summary/ }));
    await waitFor(() => expect(status).toHaveTextContent('All changes saved to the draft'));
    await expect(backend.saves.at(-1)?.summary).toBe(true);
    await userEvent.click(c.getByRole('button', { name: 'Add field' }));
    await userEvent.type(c.getByLabelText('Name (field 1)'), 'Bad Name');
    await expect(status).toHaveTextContent(/^Not saved: Field 1 name: /);
    await userEvent.clear(c.getByLabelText('Name (field 1)'));
    await userEvent.type(c.getByLabelText('Name (field 1)'), 'order_number');
    await waitFor(() => expect(backend.saves.at(-1)?.fields[0]?.name).toBe('order_number'));
    await expect(backend.saves.some((p) => p.fields.some((f) => f.name === 'Bad Name'))).toBe(
      false,
    );
  },
};
export const AutosaveDark: Story = {
  beforeEach: ({ msw }) => msw.use(...outcomesBackend(bookingPlan).handlers),
  globals: { theme: 'dark' },
};

/** Re-run analysis: it starts and its progress shows until it has finished. */
export const Rerun: Story = {
  beforeEach: ({ msw }) => msw.use(...outcomesBackend(bookingPlan).handlers),
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await userEvent.click(await c.findByRole('button', { name: 'Re-run analysis' }));
    await expect(await c.findByText(/^Re-analysing: 16 of 40/)).toBeVisible();
    await expect(
      await c.findByText(/^Finished: 40 conversations/, {}, { timeout: 5000 }),
    ).toBeVisible();
  },
};

export const Loading: Story = {
  beforeEach: ({ msw }) => msw.use(...outcomesLoading),
  play: async ({ canvasElement }) => {
    await expect(
      await within(canvasElement).findByText('Loading the outcome plan...'),
    ).toBeVisible();
  },
};
export const LoadingDark: Story = { ...Loading, globals: { theme: 'dark' } };

export const Error: Story = {
  beforeEach: ({ msw }) => msw.use(...outcomesFailing),
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await expect(await c.findByText('The outcome plan could not be loaded')).toBeVisible();
    await expect(c.getByRole('button', { name: 'Retry' })).toBeVisible();
  },
};
export const ErrorDark: Story = { ...Error, globals: { theme: 'dark' } };
