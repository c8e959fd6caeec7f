import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { Box, spaces } from './Box';
import { Badge } from '../Badge';
import { inDark } from '../../stories/inDark';
import * as demo from '../../stories/Layout.css';

export default { title: 'UI/Layout/Box', component: Box } satisfies Meta<typeof Box>;
type Story = StoryObj<typeof Box>;

function Spaces() {
  return (
    <Box display="flex" flexDirection="column" gap="sm">
      {spaces.map((space) => (
        <Box key={space} display="flex" alignItems="center" gap="md">
          <span className={demo.caption}>{space}</span>
          <Box display="flex" gap={space} className={demo.swatchRow} data-space={space}>
            <Badge>one</Badge>
            <Badge>two</Badge>
          </Box>
          <Box padding={space} className={demo.swatch}>
            padding
          </Box>
        </Box>
      ))}
      <Box display="flex" justifyContent="spaceBetween" alignItems="baseline" paddingX="lg">
        <strong>Space between</strong>
        <span>baseline</span>
      </Box>
    </Box>
  );
}

/** Every space of the scale as a gap and as a padding, and the alignments. */
export const AllStates: Story = {
  render: () => <Spaces />,
  play: async ({ canvasElement }) => {
    const rows = canvasElement.querySelectorAll('[data-space]');
    await expect(rows).toHaveLength(spaces.length);
    await expect(within(canvasElement).getByText('Space between')).toBeVisible();
  },
};
export const AllStatesDark: Story = inDark(AllStates);
