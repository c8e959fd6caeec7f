import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { LoginScreen } from './LoginScreen';

const meta = {
  title: 'Dashboard/Login',
  component: LoginScreen,
  parameters: { layout: 'fullscreen' },
  args: { mode: 'sign-in', onModeChange: fn(), onSignIn: fn(), onSignUp: fn() },
} satisfies Meta<typeof LoginScreen>;
export default meta;
type Story = StoryObj<typeof meta>;

export const SignIn: Story = {
  play: async ({ canvasElement, args }) => {
    const c = within(canvasElement);
    const submit = c.getByRole('button', { name: 'Sign in' });
    await expect(submit).toBeDisabled();
    await userEvent.type(c.getByLabelText('Email'), 'ada@example.com');
    await userEvent.type(c.getByLabelText('Password'), 'correct-horse-9');
    await userEvent.click(submit);
    await expect(args.onSignIn).toHaveBeenCalledWith({
      email: 'ada@example.com',
      password: 'correct-horse-9',
    });
  },
};

export const SignUp: Story = {
  args: { mode: 'sign-up' },
  play: async ({ canvasElement, args }) => {
    const c = within(canvasElement);
    await userEvent.type(c.getByLabelText('First name'), 'Ada');
    await userEvent.type(c.getByLabelText('Last name'), 'Lovelace');
    await userEvent.type(c.getByLabelText('Email'), 'ada@example.com');
    await userEvent.type(c.getByLabelText('Password'), 'correct-horse-9{Enter}');
    await expect(args.onSignUp).toHaveBeenCalledWith({
      firstName: 'Ada',
      lastName: 'Lovelace',
      email: 'ada@example.com',
      password: 'correct-horse-9',
    });
  },
};

export const Busy: Story = { args: { mode: 'sign-in', busy: true } };
export const Failed: Story = { args: { mode: 'sign-in', error: 'Invalid email or password' } };
export const FailedDark: Story = { ...Failed, globals: { theme: 'dark' } };
export const SignUpDark: Story = { args: { mode: 'sign-up' }, globals: { theme: 'dark' } };
