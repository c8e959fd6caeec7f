import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, screen } from 'storybook/test';
import { QrCodeModal, qrFailedText } from './QrCodeModal';
import { qrCodeDataUrl } from './qrCode';

const url = 'http://localhost:3000/chatbot/support_123e4567_e89b_12d3_a456_426614174000';

const meta = {
  title: 'Dashboard/Agents/QR code modal',
  component: QrCodeModal,
  args: { open: true, agentName: 'support', url, onOpenChange: fn(), renderQr: qrCodeDataUrl },
} satisfies Meta<typeof QrCodeModal>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Generated: Story = {
  play: async () => {
    await expect(await screen.findByRole('dialog', { name: 'QR Code for support' })).toBeVisible();
    const img = await screen.findByRole('img', { name: `QR code for ${url}` });
    await expect(img.getAttribute('src')).toMatch(/^data:image\/png;base64,/);
    await expect(
      screen.getByText('Scan this QR code to open the agent on any device'),
    ).toBeVisible();
    await expect(screen.getByRole('link', { name: url })).toBeVisible();
  },
};

export const Failed: Story = {
  args: { renderQr: () => Promise.reject(new Error('too long')) },
  play: async () => {
    await expect(await screen.findByText(qrFailedText)).toBeVisible();
  },
};

export const GeneratedDark: Story = { globals: { theme: 'dark' } };
