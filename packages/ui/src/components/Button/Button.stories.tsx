import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { Button } from './Button';
import { buttonSizes, buttonVariants } from './Button.css';
import { Row, Stack } from '../../stories/Layout';
import { inDark } from '../../stories/inDark';

const meta = {
  title: 'UI/Button',
  component: Button,
  args: { children: 'Create Agent', onClick: fn() },
} satisfies Meta<typeof Button>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Primary: Story = {
  play: async ({ canvasElement, args }) => {
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'Create Agent' }));
    await expect(args.onClick).toHaveBeenCalled();
  },
};

export const Busy: Story = {
  args: { busy: true, busyLabel: 'Creating Agent...' },
  play: async ({ canvasElement }) => {
    const btn = within(canvasElement).getByRole('button', { name: 'Creating Agent...' });
    await expect(btn).toBeDisabled();
  },
};

export const Focused: Story = {
  play: async ({ canvasElement }) => {
    await userEvent.tab();
    await expect(within(canvasElement).getByRole('button')).toHaveFocus();
  },
};

function AllStatesGrid() {
  return (
    <Stack>
      {buttonVariants.map((variant) => (
        <Row key={variant} label={variant}>
          {buttonSizes.map((size) => (
            <Button key={size} variant={variant} size={size}>
              {variant} {size}
            </Button>
          ))}
          <Button variant={variant} disabled>
            Disabled
          </Button>
          <Button variant={variant} busy busyLabel="Deleting...">
            Delete
          </Button>
        </Row>
      ))}
      <Button fullWidth>Full width</Button>
      <Button>A very long label that keeps going to show how long content behaves</Button>
    </Stack>
  );
}

export const AllStates: Story = { render: () => <AllStatesGrid /> };

export const AllStatesDark: Story = inDark(AllStates);
