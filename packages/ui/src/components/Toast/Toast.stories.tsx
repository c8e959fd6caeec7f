import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, screen, userEvent, within } from 'storybook/test';
import { ToastProvider, useToast, type ToastTone } from './Toast';
import { Button } from '../Button';
import { Row } from '../../stories/Layout';

const samples: Array<{ tone: ToastTone; title: string; description?: string }> = [
  { tone: 'success', title: 'Prompt saved successfully' },
  { tone: 'error', title: 'Failed to save prompt: HTTP 500: Internal Server Error' },
  { tone: 'info', title: 'Auto-saving...' },
  {
    tone: 'warning',
    title: 'Model configuration saved locally: provider unreachable',
    description: 'Retry later.',
  },
];

function Buttons() {
  const toast = useToast();
  return (
    <Row>
      {samples.map((s) => (
        <Button
          key={s.tone}
          variant="secondary"
          onClick={() => toast.show({ ...s, durationMs: 60_000 })}
        >
          Show {s.tone}
        </Button>
      ))}
    </Row>
  );
}

function Example() {
  return (
    <ToastProvider>
      <Buttons />
    </ToastProvider>
  );
}

const meta = { title: 'UI/Toast', component: Example } satisfies Meta<typeof Example>;
export default meta;
type Story = StoryObj<typeof meta>;

const showAll = async ({ canvasElement }: { canvasElement: HTMLElement }) => {
  const c = within(canvasElement);
  for (const s of samples) await userEvent.click(c.getByRole('button', { name: `Show ${s.tone}` }));
  await expect(await screen.findAllByRole('button', { name: 'Dismiss notification' })).toHaveLength(
    4,
  );
};

export const Shows: Story = { play: showAll };
export const AllStates: Story = { play: showAll };
export const AllStatesDark: Story = { play: showAll, globals: { theme: 'dark' } };
