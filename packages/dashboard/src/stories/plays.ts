import { expect, userEvent, within } from 'storybook/test';

interface PlayContext {
  canvasElement: HTMLElement;
}

/** A state's play function: `text` shows on the canvas (e.g. 'Loading conversations...'). */
export const shows =
  (text: string) =>
  async ({ canvasElement }: PlayContext) => {
    await expect(within(canvasElement).getByText(text)).toBeVisible();
  };

/** A failed load's play function: the banner says `text`, and its Retry calls `onRetry`. */
export const retriesAfter =
  (text: string) =>
  async ({ canvasElement, args }: PlayContext & { args: { onRetry?: () => void } }) => {
    const c = within(canvasElement);
    await expect(c.getByText(text)).toBeVisible();
    await userEvent.click(c.getByRole('button', { name: 'Retry' }));
    await expect(args.onRetry).toHaveBeenCalled();
  };

/** A busy state's play function: the button named `name` (e.g. 'Publishing...') is disabled. */
export const disablesButton =
  (name: string) =>
  async ({ canvasElement }: PlayContext) => {
    await expect(within(canvasElement).getByRole('button', { name })).toBeDisabled();
  };
