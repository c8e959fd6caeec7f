import { useState } from 'react';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { ConfigurationsPanel, type ConfigurationsPanelProps } from './ConfigurationsPanel';
import {
  parseDurationText,
  parseMaxCallDuration,
  parseMaxNudges,
  parseNudgeInterval,
  parseTypingVolume,
} from './providerRules';
import { storySettings } from '../../stories/editorFixtures';
import * as styles from './editor.css';

const meta = {
  title: 'Dashboard/Editor/Configurations panel',
  component: ConfigurationsPanel,
  args: {
    value: storySettings.tools,
    editing: true,
    onCommit: fn(),
    onTypingVolumeChange: fn(),
    onMaxCallDurationChange: fn(),
    onMaxCallDurationTextCommit: fn(),
  },
} satisfies Meta<typeof ConfigurationsPanel>;
export default meta;
type Story = StoryObj<typeof meta>;

export const CommitOnBlur: Story = {
  play: async ({ canvasElement, args }) => {
    const c = within(canvasElement);
    const message = c.getByLabelText('Initial Message');
    await userEvent.clear(message);
    await userEvent.type(message, 'Welcome to the clinic!');
    await expect(args.onCommit).not.toHaveBeenCalled();
    await userEvent.tab();
    await expect(args.onCommit).toHaveBeenCalledWith('initialMessage', 'Welcome to the clinic!');
    const interval = c.getByLabelText('Nudge Interval (seconds)');
    await userEvent.clear(interval);
    await userEvent.type(interval, '30');
    await userEvent.tab();
    await expect(args.onCommit).toHaveBeenCalledWith('nudgeInterval', '30');
    const duration = c.getByLabelText('Max Call Duration (m:ss)');
    await expect(duration).toHaveValue('5:00');
    await userEvent.clear(duration);
    await userEvent.type(duration, '7:30');
    await userEvent.tab();
    await expect(args.onMaxCallDurationTextCommit).toHaveBeenCalledWith('7:30');
  },
};

export const Sliders: Story = {
  play: async ({ canvasElement, args }) => {
    const c = within(canvasElement);
    const volume = c.getByRole('slider', { name: 'Typing Volume' });
    await expect(volume).toHaveAttribute('aria-valuetext', '0.8');
    volume.focus();
    await userEvent.keyboard('{ArrowRight}');
    await expect(args.onTypingVolumeChange).toHaveBeenCalledWith(0.9);
    const duration = c.getByRole('slider', { name: 'Max Call Duration' });
    await expect(duration).toHaveAttribute('aria-valuetext', '5:00');
    duration.focus();
    await userEvent.keyboard('{ArrowRight}');
    await expect(args.onMaxCallDurationChange).toHaveBeenCalledWith(330);
  },
};

export const ViewMode: Story = {
  args: { editing: false },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await expect(c.getByLabelText('Initial Message')).toBeDisabled();
    await expect(c.getByLabelText('Nudge Text')).toBeDisabled();
    await expect(c.getByLabelText('Max Nudges')).toBeDisabled();
    await expect(c.getByLabelText('Max Call Duration (m:ss)')).toBeDisabled();
    await expect(c.getByRole('slider', { name: 'Typing Volume' })).toHaveAttribute(
      'aria-disabled',
      'true',
    );
  },
};

function StatefulConfigurationsPanel(props: ConfigurationsPanelProps) {
  const [value, setValue] = useState(props.value);
  return (
    <ConfigurationsPanel
      {...props}
      value={value}
      onCommit={(field, text) =>
        setValue((v) => ({
          ...v,
          [field]:
            field === 'nudgeInterval'
              ? parseNudgeInterval(text)
              : field === 'maxNudges'
                ? parseMaxNudges(text)
                : text,
        }))
      }
      onTypingVolumeChange={(n) => setValue((v) => ({ ...v, typingVolume: parseTypingVolume(n) }))}
      onMaxCallDurationChange={(n) =>
        setValue((v) => ({ ...v, maxCallDuration: parseMaxCallDuration(n) }))
      }
      onMaxCallDurationTextCommit={(t) =>
        setValue((v) => ({ ...v, maxCallDuration: parseDurationText(t) }))
      }
    />
  );
}

/** The spec §5 fallbacks: interval 5–60 else 15, nudges 1–10 else 3, m:ss invalid → 5:00. */
export const Validation: Story = {
  args: { value: { ...storySettings.tools, nudgeInterval: 40, maxCallDuration: 120 } },
  render: (args) => <StatefulConfigurationsPanel {...args} />,
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    const interval = c.getByLabelText('Nudge Interval (seconds)');
    await userEvent.clear(interval);
    await userEvent.type(interval, 'soon');
    await userEvent.tab();
    await expect(interval).toHaveValue('15');
    await userEvent.clear(interval);
    await userEvent.type(interval, '90');
    await userEvent.tab();
    await expect(interval).toHaveValue('60');
    const nudges = c.getByLabelText('Max Nudges');
    await userEvent.clear(nudges);
    await userEvent.type(nudges, 'many');
    await userEvent.tab();
    await expect(nudges).toHaveValue('3');
    const duration = c.getByLabelText('Max Call Duration (m:ss)');
    await expect(duration).toHaveValue('2:00');
    await userEvent.clear(duration);
    await userEvent.type(duration, 'ten minutes');
    await userEvent.tab();
    await expect(duration).toHaveValue('5:00');
    await expect(c.getByRole('slider', { name: 'Max Call Duration' })).toHaveAttribute(
      'aria-valuenow',
      '300',
    );
  },
};

export const AllStates: Story = {
  render: (args) => (
    <div className={styles.storyStack}>
      <ConfigurationsPanel {...args} title="Configurations (view mode)" editing={false} />
      <ConfigurationsPanel {...args} title="Configurations (edit mode)" />
      <ConfigurationsPanel
        {...args}
        title="Configurations (limits)"
        value={{
          initialMessage: '',
          nudgeText: '',
          nudgeInterval: 60,
          maxNudges: 10,
          typingVolume: 0,
          maxCallDuration: 600,
        }}
      />
    </div>
  ),
};
export const AllStatesDark: Story = { ...AllStates, globals: { theme: 'dark' } };
