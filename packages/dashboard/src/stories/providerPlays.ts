import { expect, within } from 'storybook/test';

/** The play functions the editor's provider panels (Voice, Transcriber) share. */
type Panel = 'Voice' | 'Transcriber';
interface PlayContext {
  canvasElement: HTMLElement;
}

/** A model without languages: the panel's Language box says so and is disabled. */
export const noLanguagesIn =
  (panel: Panel) =>
  async ({ canvasElement }: PlayContext) => {
    const language = within(canvasElement).getByRole('combobox', { name: `${panel} Language` });
    await expect(language).toHaveTextContent('No languages available');
    await expect(language).toBeDisabled();
  };

/** The worker's keyless provider: named 'Local (offline)', with the note that it needs no key. */
export async function showsLocalOffline(canvasElement: HTMLElement, panel: Panel, keyNote: string) {
  const c = within(canvasElement);
  await expect(c.getByRole('combobox', { name: `${panel} Provider` })).toHaveTextContent(
    'Local (offline)',
  );
  await expect(c.getByText(keyNote)).toBeVisible();
}
