import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { modelMessages } from '@parley/api-client';
import { SettingsBanners, savingBannerText } from './SettingsBanners';
import * as styles from './editor.css';
import { shows } from '../../stories/plays';

const meta = {
  title: 'Dashboard/Editor/Settings banners',
  component: SettingsBanners,
  args: {
    saving: false,
    message: null,
    banner: null,
    apiKeyMissing: false,
    invalidKeyFormat: false,
    onRefresh: fn(),
    onDismissMessage: fn(),
    onDismissBanner: fn(),
  },
} satisfies Meta<typeof SettingsBanners>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Saving: Story = {
  args: { saving: true },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await expect(c.getByText('Saving...')).toBeVisible();
    await expect(c.getByText(savingBannerText)).toBeVisible();
  },
};

export const Success: Story = {
  args: { message: { tone: 'success', text: modelMessages.modelSaved } },
  play: async ({ canvasElement, args }) => {
    const c = within(canvasElement);
    await expect(c.getByText('Model configuration saved successfully')).toBeVisible();
    await userEvent.click(c.getByRole('button', { name: 'Dismiss' }));
    await expect(args.onDismissMessage).toHaveBeenCalled();
  },
};

export const ErrorMessage: Story = {
  args: { message: { tone: 'error', text: modelMessages.modelUnauthorized } },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('alert')).toHaveTextContent(
      'Unauthorized: Please check your Dify API key configuration',
    );
  },
};

export const PublishFailed: Story = {
  args: { banner: { tone: 'error', text: modelMessages.publishFailed('App not found') } },
};

export const NoAppId: Story = {
  args: { banner: { tone: 'warning', text: modelMessages.noAppId } },
};

export const ApiKeyMissing: Story = {
  args: { apiKeyMissing: true },
  play: async ({ canvasElement, args }) => {
    const c = within(canvasElement);
    const alert = c.getByRole('alert');
    await expect(alert).toHaveTextContent('API Key Missing');
    await expect(within(alert).getAllByRole('listitem')).toHaveLength(3);
    await userEvent.click(c.getByRole('button', { name: 'Refresh' }));
    await expect(args.onRefresh).toHaveBeenCalled();
  },
};

export const InvalidApiKeyFormat: Story = {
  args: { invalidKeyFormat: true },
  play: shows('Invalid API Key Format'),
};

export const Nothing: Story = {
  play: async ({ canvasElement }) => {
    await expect(canvasElement).toBeEmptyDOMElement();
  },
};

export const AllStates: Story = {
  render: (args) => (
    <div className={styles.storyStack}>
      <SettingsBanners {...args} saving />
      <SettingsBanners {...args} message={{ tone: 'success', text: modelMessages.promptSaved }} />
      <SettingsBanners
        {...args}
        message={{ tone: 'error', text: modelMessages.promptFailed('App not found') }}
      />
      <SettingsBanners
        {...args}
        message={{ tone: 'success', text: modelMessages.modelSavedLocally('Dify unreachable') }}
      />
      <SettingsBanners {...args} banner={{ tone: 'warning', text: modelMessages.noAppId }} />
      <SettingsBanners
        {...args}
        banner={{ tone: 'error', text: modelMessages.publishFailed('App not found') }}
      />
      <SettingsBanners {...args} apiKeyMissing />
      <SettingsBanners {...args} invalidKeyFormat />
    </div>
  ),
};
export const AllStatesDark: Story = { ...AllStates, globals: { theme: 'dark' } };
