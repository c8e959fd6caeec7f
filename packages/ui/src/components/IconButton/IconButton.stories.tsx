import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { IconButton } from './IconButton';
import { iconButtonVariants } from './IconButton.css';
import { Row, Stack } from '../../stories/Layout';
import { StrokeIcon } from '../../private/StrokeIcon';

function TrashIcon() {
  return (
    <StrokeIcon>
      <path d="M3 6h18M8 6V4h8v2M6 6l1 14h10l1-14" />
    </StrokeIcon>
  );
}

const meta = {
  title: 'UI/IconButton',
  component: IconButton,
  args: { label: 'Delete Agent', icon: <TrashIcon />, onClick: fn() },
} satisfies Meta<typeof IconButton>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Pressed: Story = {
  play: async ({ canvasElement, args }) => {
    await userEvent.tab();
    const btn = within(canvasElement).getByRole('button', { name: 'Delete Agent' });
    await expect(btn).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    await expect(args.onClick).toHaveBeenCalled();
  },
};

function AllStatesView() {
  return (
    <Stack>
      {iconButtonVariants.map((variant) => (
        <Row key={variant} label={variant}>
          <IconButton label={`${variant} md`} icon={<TrashIcon />} variant={variant} />
          <IconButton label={`${variant} sm`} icon={<TrashIcon />} variant={variant} size="sm" />
          <IconButton
            label={`${variant} disabled`}
            icon={<TrashIcon />}
            variant={variant}
            disabled
          />
        </Row>
      ))}
    </Stack>
  );
}
export const AllStates: Story = { render: () => <AllStatesView /> };
export const AllStatesDark: Story = { render: () => <AllStatesView />, globals: { theme: 'dark' } };
