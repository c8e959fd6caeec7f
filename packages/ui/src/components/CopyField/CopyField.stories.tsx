import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, spyOn, userEvent, within } from 'storybook/test';
import { CopyField } from './CopyField';
import { Stack } from '../../stories/Layout';
import { inDark } from '../../stories/inDark';

const meta = {
  title: 'UI/CopyField',
  component: CopyField,
  args: { label: 'Agent API URL', value: 'https://api.example.com/v1/chat-messages' },
  // Headless Chromium may refuse clipboard access: stub it for stable stories.
  beforeEach: () => {
    const spy = spyOn(navigator.clipboard, 'writeText').mockResolvedValue(undefined);
    return () => spy.mockRestore();
  },
} satisfies Meta<typeof CopyField>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('textbox', { name: 'Agent API URL' })).toHaveValue(args.value);
    await userEvent.click(canvas.getByRole('button', { name: 'Copy' }));
    await expect(await canvas.findByRole('button', { name: 'Copied!' })).toBeVisible();
    await expect(navigator.clipboard.writeText).toHaveBeenCalledWith(args.value);
  },
};

export const Masked: Story = {
  args: { label: 'Agent API key', value: 'app-0123456789abcdef', masked: true },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByLabelText('Agent API key')).toHaveAttribute('type', 'password');
    await userEvent.click(canvas.getByRole('button', { name: 'Copy' }));
    await expect(navigator.clipboard.writeText).toHaveBeenCalledWith('app-0123456789abcdef');
  },
};

function AllStatesGrid() {
  return (
    <Stack>
      <CopyField label="Agent API URL" value="https://api.example.com/v1/chat-messages" />
      <CopyField label="Agent API key" value="app-0123456789abcdef" masked />
      <CopyField label="Empty value" value="" />
      <CopyField
        label="Chatbot Widget Script (long content)"
        value={
          '<script src="https://cdn.example.com/widgets/chat.js" data-agent="customer_support_0f3a9c1e_7b2d_4e5f_9a8b_1c2d3e4f5a6b" async></script>'
        }
        copyButtonProps={{ label: 'Copy Script' }}
      />
    </Stack>
  );
}

export const AllStates: Story = { render: () => <AllStatesGrid /> };

export const AllStatesDark: Story = inDark(AllStates);
