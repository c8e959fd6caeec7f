import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { Inline } from './Inline';
import { Badge } from '../Badge';
import { Button } from '../Button';
import { inDark } from '../../stories/inDark';
import * as demo from '../../stories/Layout.css';

export default { title: 'UI/Layout/Inline', component: Inline } satisfies Meta<typeof Inline>;
type Story = StoryObj<typeof Inline>;

const tags = ['voice', 'chat', 'sms', 'whatsapp', 'email', 'knowledge', 'tools', 'tests'];

/** Buttons side by side, a header with space between, and tags that wrap in a narrow box. */
export const AllStates: Story = {
  render: () => (
    <Inline gap="lg" alignY="start">
      <Inline>
        <Button>Publish</Button>
        <Button variant="secondary">Discard</Button>
      </Inline>
      <Inline align="spaceBetween" className={demo.swatch}>
        <strong>Agents</strong>
        <Badge tone="success">3 live</Badge>
      </Inline>
      <Inline gap="xs" className={demo.narrow} data-testid="tags">
        {tags.map((tag) => (
          <Badge key={tag}>{tag}</Badge>
        ))}
      </Inline>
    </Inline>
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const publish = canvas.getByRole('button', { name: 'Publish' }).getBoundingClientRect();
    const discard = canvas.getByRole('button', { name: 'Discard' }).getBoundingClientRect();
    await expect(discard.left).toBeGreaterThan(publish.right);
    // The tags wrap onto more than one line inside the narrow box.
    const tops = new Set(
      [...canvas.getByTestId('tags').children].map((c) =>
        Math.round(c.getBoundingClientRect().top),
      ),
    );
    await expect(tops.size).toBeGreaterThan(1);
  },
};
export const AllStatesDark: Story = inDark(AllStates);
