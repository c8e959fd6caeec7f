import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { AutosaveStatus, type AutosaveStatusProps } from './AutosaveStatus';
import * as styles from './editor.css';

const savedAt = Date.UTC(2025, 0, 1, 10, 42, 7);
const formatTime = () => '10:42:07';

/** Every auto-save state of the status strip (spec §4), in order. */
const autosaveStates: Array<{ name: string; props: AutosaveStatusProps }> = [
  { name: 'Ready', props: { status: 'idle', dirty: false, error: null, lastSavedAt: null } },
  { name: 'Unsaved', props: { status: 'idle', dirty: true, error: null, lastSavedAt: null } },
  { name: 'Saving', props: { status: 'saving', dirty: false, error: null, lastSavedAt: null } },
  {
    name: 'Saved',
    props: { status: 'saved', dirty: false, error: null, lastSavedAt: savedAt, formatTime },
  },
  {
    name: 'Changes detected',
    props: { status: 'saved', dirty: true, error: null, lastSavedAt: savedAt, formatTime },
  },
  {
    name: 'Failed',
    props: {
      status: 'error',
      dirty: false,
      error: 'HTTP 500: Internal Server Error',
      lastSavedAt: savedAt,
      formatTime,
    },
  },
  {
    name: 'Not saved',
    props: {
      status: 'saved',
      dirty: false,
      error: null,
      lastSavedAt: savedAt,
      formatTime,
      blockedText:
        'Not saved: Model Live URL must be a web address starting with http:// or https://',
    },
  },
  {
    name: 'Failed unknown',
    props: { status: 'error', dirty: true, error: null, lastSavedAt: null },
  },
];

const meta = {
  title: 'Dashboard/Editor/Autosave status',
  component: AutosaveStatus,
  args: { status: 'idle', dirty: false, error: null, lastSavedAt: null },
} satisfies Meta<typeof AutosaveStatus>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Ready: Story = {
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('status')).toHaveTextContent('Ready');
  },
};
export const UnsavedChanges: Story = {
  args: { dirty: true },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('status')).toHaveTextContent('Unsaved changes');
  },
};
export const Saving: Story = {
  args: { status: 'saving' },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('status')).toHaveTextContent('Auto-saving...');
  },
};
export const Saved: Story = {
  args: { status: 'saved', lastSavedAt: savedAt, formatTime },
  play: async ({ canvasElement }) => {
    const strip = within(canvasElement).getByRole('status');
    await expect(strip).toHaveTextContent('All changes saved');
    await expect(strip).toHaveTextContent('Last saved 10:42:07');
  },
};
export const ChangesDetected: Story = {
  args: { status: 'saved', dirty: true, lastSavedAt: savedAt, formatTime },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('status')).toHaveTextContent('Changes detected');
  },
};
export const SaveFailed: Story = {
  args: { status: 'error', error: 'HTTP 500: Internal Server Error' },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('status')).toHaveTextContent(
      'Save failed: HTTP 500: Internal Server Error',
    );
  },
};
export const SaveFailedUnknown: Story = {
  args: { status: 'error', error: null },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('status')).toHaveTextContent(
      'Save failed: Unknown error',
    );
  },
};

/** A field that cannot be saved: its reason in place of 'All changes saved', never beside it. */
export const NotSaved: Story = {
  args: {
    status: 'saved',
    lastSavedAt: savedAt,
    formatTime,
    blockedText: 'Not saved: Agent API Key must start with ‘app-’ or ‘sk-’',
  },
  play: async ({ canvasElement }) => {
    const strip = within(canvasElement).getByRole('status');
    await expect(strip).toHaveTextContent('Not saved: Agent API Key must start with');
    await expect(strip).not.toHaveTextContent('All changes saved');
    await expect(strip).toHaveAttribute('data-state', 'blocked');
  },
};

export const AllStates: Story = {
  render: () => (
    <div className={styles.storyStack}>
      {autosaveStates.map((s) => (
        <AutosaveStatus key={s.name} {...s.props} />
      ))}
    </div>
  ),
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getAllByRole('status')).toHaveLength(autosaveStates.length);
  },
};
export const AllStatesDark: Story = { ...AllStates, globals: { theme: 'dark' } };
