import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import type { RefusedMail } from '@parley/api-client';
import { RefusedMails } from './RefusedMails';

const at = (min: number) => new Date(Date.UTC(2025, 0, 2, 10, min)).toISOString();
const refusal = (patch: Partial<RefusedMail>): RefusedMail => ({
  source: 'imap',
  imap_uid: 7,
  from: 'Mallory <mallory@example.com>',
  subject: 'Many parts',
  size_bytes: 47_436,
  reason: 'the mail has more than 1,000 MIME parts',
  at: at(5),
  ...patch,
});
const recent = [
  refusal({
    imap_uid: 9,
    from: 'eve@example.com',
    subject: 'Invoice',
    size_bytes: 2_100,
    reason: 'the mail could not be stored on this server (the details are in the server log)',
    at: at(9),
  }),
  refusal({
    imap_uid: 8,
    subject: '',
    size_bytes: 1_494_096,
    reason: "the mail's References header is larger than 64 KB",
    at: at(8),
  }),
  refusal({}),
];

const meta = {
  title: 'Dashboard/Email/Refused mails',
  component: RefusedMails,
  args: { refused: { total: 3, recent } },
} satisfies Meta<typeof RefusedMails>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Three refused mails, newest first, each with who sent it, its size and why. */
export const Some: Story = {
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await expect(c.getByRole('heading', { name: 'Refused mails (3)' })).toBeVisible();
    const items = within(c.getByRole('list', { name: 'Refused mails' })).getAllByRole('listitem');
    await expect(items).toHaveLength(3);
    await expect(items[0]).toHaveTextContent('eve@example.com');
    await expect(items[0]).toHaveTextContent('Why: the mail could not be stored on this server');
    await expect(items[1]).toHaveTextContent('(no subject) · 1.4 MB');
    await expect(items[2]).toHaveTextContent('Many parts · 46 KB');
  },
};

/** More refused than kept: the older ones are counted, not listed. */
export const MoreThanListed: Story = {
  args: { refused: { total: 25, recent } },
  play: async ({ canvasElement }) => {
    await expect(
      within(canvasElement).getByText('22 older refused mails are not listed.'),
    ).toBeVisible();
  },
};

/** None refused: nothing is shown. */
export const None: Story = {
  args: { refused: { total: 0, recent: [] } },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).queryByRole('heading')).toBeNull();
  },
};

const dark = { globals: { theme: 'dark' } };
export const SomeDark: Story = { ...Some, ...dark };
export const MoreThanListedDark: Story = { ...MoreThanListed, ...dark };
