import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { Stack } from './Stack';
import { Button } from '../Button';
import { TextField } from '../TextField';
import { inDark } from '../../stories/inDark';

export default { title: 'UI/Layout/Stack', component: Stack } satisfies Meta<typeof Stack>;
type Story = StoryObj<typeof Stack>;

/** A form's column (default gap md), a tight list (xs) and start-aligned buttons. */
export const AllStates: Story = {
  render: () => (
    <Stack gap="xl">
      <Stack>
        <TextField label="Name" value="Ada" onChange={() => {}} />
        <TextField label="E-mail" value="ada@example.com" onChange={() => {}} />
      </Stack>
      <Stack gap="xs" as="ul" aria-label="Tight list">
        <li>First</li>
        <li>Second</li>
      </Stack>
      <Stack gap="sm" align="start">
        <Button>Save</Button>
        <Button variant="secondary">Cancel</Button>
      </Stack>
    </Stack>
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('list', { name: 'Tight list' }).children).toHaveLength(2);
    const save = canvas.getByRole('button', { name: 'Save' });
    const cancel = canvas.getByRole('button', { name: 'Cancel' });
    // One under the other, each as wide as its text (aligned to the start).
    await expect(cancel.getBoundingClientRect().top).toBeGreaterThan(
      save.getBoundingClientRect().bottom,
    );
    await expect(save.getBoundingClientRect().width).toBeLessThan(
      canvas.getByLabelText('Name').getBoundingClientRect().width,
    );
  },
};
export const AllStatesDark: Story = inDark(AllStates);
