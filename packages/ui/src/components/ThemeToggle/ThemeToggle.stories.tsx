import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fn, userEvent, within } from 'storybook/test';
import { ThemeToggle } from './ThemeToggle';
import type { ThemeName } from '../../theme';
import { Row } from '../../stories/Layout';

const meta = {
  title: 'UI/ThemeToggle',
  component: ThemeToggle,
  args: { theme: 'light', onThemeChange: fn() },
} satisfies Meta<typeof ThemeToggle>;
export default meta;
type Story = StoryObj<typeof meta>;

function Controlled() {
  const [theme, setTheme] = useState<ThemeName>('light');
  return <ThemeToggle theme={theme} onThemeChange={setTheme} />;
}

export const Toggles: Story = {
  render: () => <Controlled />,
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await userEvent.click(c.getByRole('button', { name: 'Switch to dark theme' }));
    const toLight = c.getByRole('button', { name: 'Switch to light theme' });
    await expect(toLight).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    await expect(c.getByRole('button', { name: 'Switch to dark theme' })).toBeVisible();
  },
};

function AllStatesView() {
  return (
    <Row>
      <ThemeToggle theme="light" onThemeChange={() => {}} />
      <ThemeToggle theme="dark" onThemeChange={() => {}} />
    </Row>
  );
}
export const AllStates: Story = { render: () => <AllStatesView /> };
export const AllStatesDark: Story = { render: () => <AllStatesView />, globals: { theme: 'dark' } };
