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

/** The server's own message for a refused password is shown as it is (sign-up form). */
export const SignUpWeakPassword: Story = {
  args: {
    mode: 'sign-up',
    error:
      'Password is too easy to guess: it is a common or leaked password, or a simple pattern. Use a longer phrase of unrelated words',
  },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await expect(
      await c.findByText(/Password is too easy to guess/, {}, { timeout: 5000 }),
    ).toBeVisible();
  },
};
export const SignUpWeakPasswordDark: Story = { ...SignUpWeakPassword, globals: { theme: 'dark' } };

/** Too many failed sign-ins: the server's 429 message, with the wait it names. */
export const SignInRateLimited: Story = {
  args: { mode: 'sign-in', error: 'Too many requests for this account; try again in 840 s' },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await expect(await c.findByText(/try again in 840 s/, {}, { timeout: 5000 })).toBeVisible();
  },
};
