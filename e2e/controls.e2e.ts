import { expect, test, type Locator, type Page } from '@playwright/test';
import { createAgent, createOrganization, newUser, openTab, signUp } from './helpers';

/**
 * The controls of the shipped console (issue 27 §3), against the production build: every Radix
 * slider has a visible, focusable thumb with aria-valuenow that the keyboard moves (and what it
 * sets is saved), and a knowledge segment's full text opens in its tooltip on hover and on
 * keyboard focus. (Under the former preact/compat build the thumbs were display: none with no
 * aria-valuenow and the tooltip never opened; Storybook and the unit tests, on React, passed.)
 */

/** The slider (its thumb, role slider) named by its visible label. */
const slider = (scope: Page | Locator, name: string) =>
  scope.getByRole('slider', { name, exact: true });

/**
 * The thumb is shown and focusable, announces its value, and ArrowRight (focused by Tab from the
 * element before it, as a keyboard user gets there) raises the value by one step.
 * Returns the new value.
 */
async function moveByKeyboard(page: Page, thumb: Locator): Promise<number> {
  await expect(thumb).toBeVisible();
  await expect(thumb).toHaveAttribute('aria-valuenow', /^-?\d+(\.\d+)?$/);
  const before = Number(await thumb.getAttribute('aria-valuenow'));
  const max = Number(await thumb.getAttribute('aria-valuemax'));
  await thumb.focus();
  await expect(thumb).toBeFocused();
  await page.keyboard.press(before < max ? 'ArrowRight' : 'ArrowLeft');
  await expect(thumb).not.toHaveAttribute('aria-valuenow', String(before));
  const after = Number(await thumb.getAttribute('aria-valuenow'));
  expect(after).not.toBe(before);
  return after;
}

const saved = (page: Page) =>
  expect(page.getByRole('status', { name: 'Auto-save status' })).toContainText(
    'All changes saved',
    { timeout: 15_000 },
  );

test('editor sliders: thumb shown, moved by keyboard, the value saved across a reload', async ({
  page,
}) => {
  await signUp(page, newUser('sliders'));
  await createOrganization(page, 'Slider Org');
  await createAgent(page, 'dial');
  await page.getByRole('button', { name: 'Edit', exact: true }).click();

  // ElevenLabs shows Stability and Similarity Boost besides Speed.
  await page.getByRole('combobox', { name: 'Voice Provider' }).click();
  await page.getByRole('option', { name: '11Labs' }).click();
  await expect(page.getByRole('combobox', { name: 'Voice Provider' })).toContainText('11Labs');

  const moved: Record<string, number> = {};
  for (const name of [
    'Speed',
    'Stability',
    'Similarity Boost',
    'Typing Volume',
    'Max Call Duration',
  ]) {
    moved[name] = await moveByKeyboard(page, slider(page, name));
  }
  // The text beside Max Call Duration follows its slider.
  await expect(page.getByLabel('Max Call Duration (m:ss)')).toHaveValue(
    `${Math.floor(moved['Max Call Duration']! / 60)}:${String(moved['Max Call Duration']! % 60).padStart(2, '0')}`,
  );
  await saved(page);

  await page.reload();
  for (const [name, value] of Object.entries(moved))
    await expect(slider(page, name)).toHaveAttribute('aria-valuenow', String(value));
});

/** Knowledge Base tab → Create Knowledge Base (the form, not yet submitted). */
async function openCreateForm(page: Page) {
  await openTab(page, 'Knowledge Base');
  await page.getByRole('button', { name: 'Create Knowledge Base', exact: true }).first().click();
  return page.getByRole('article', { name: 'Create Knowledge Base' });
}

test('knowledge chunk sliders: moved by keyboard, the base saved with their values', async ({
  page,
}) => {
  await signUp(page, newUser('chunks'));
  await createOrganization(page, 'Chunk Org');

  // The create form's sliders, moved by keyboard: the base is created with those values.
  const createForm = await openCreateForm(page);
  const overlap = await moveByKeyboard(page, slider(createForm, 'Chunk overlap (%)'));
  const priority = await moveByKeyboard(page, slider(createForm, 'Heading priority'));
  await createForm.getByLabel('Name', { exact: true }).fill('Front desk');
  await createForm.getByRole('button', { name: 'Create Knowledge Base' }).click();
  await expect(page).toHaveURL(/kb=/);

  // Saved: after a reload, a new document's chunk settings start from the base's stored ones.
  await page.reload();
  const addForm = page.getByRole('article', { name: 'Add Documents' });
  await addForm.getByText('Indexing and chunk settings').click();
  await expect(slider(addForm, 'Chunk overlap (%)')).toHaveAttribute(
    'aria-valuenow',
    String(overlap),
  );
  await expect(slider(addForm, 'Heading priority')).toHaveAttribute(
    'aria-valuenow',
    String(priority),
  );
  // The same sliders in the Add Documents form move by keyboard too.
  await moveByKeyboard(page, slider(addForm, 'Chunk overlap (%)'));
  await moveByKeyboard(page, slider(addForm, 'Heading priority'));
});

const longSegment =
  'Our front desk is open from nine in the morning until five in the afternoon on weekdays, ' +
  'and from ten until two on Saturdays. On public holidays the desk stays closed, but the ' +
  'parcel lockers by the entrance can still be used with the code sent by email. The very last ' +
  'words of this paragraph are the lighthouse keeper.';

test('segment preview: the full text of a long chunk in its tooltip, on hover and on keyboard focus', async ({
  page,
}) => {
  expect(longSegment.length).toBeGreaterThan(200);
  await signUp(page, newUser('tooltip'));
  await createOrganization(page, 'Tooltip Org');
  const createForm = await openCreateForm(page);
  await createForm.getByLabel('Name', { exact: true }).fill('Front desk');
  await createForm.getByRole('button', { name: 'Create Knowledge Base' }).click();

  const addForm = page.getByRole('article', { name: 'Add Documents' });
  await expect(addForm.getByLabel('Name', { exact: true })).toHaveValue('');
  await addForm.getByLabel('Name', { exact: true }).fill('Opening hours');
  await addForm.getByRole('textbox', { name: 'Content' }).fill(`# Hours\n\n${longSegment}`);
  await addForm.getByRole('button', { name: 'Add Text' }).click();
  const row = page.getByRole('table').getByRole('row', { name: /Opening hours/ });
  await expect(row).toContainText('completed', { timeout: 30_000 });

  // The preview shows 200 characters…
  await row.getByRole('button', { name: 'Segments' }).click();
  const segments = page.getByRole('list', { name: 'Segments' });
  const preview = segments.getByText(/Our front desk is open/);
  await expect(preview).toBeVisible();
  await expect(preview).not.toContainText('lighthouse keeper');
  const tooltip = page.getByRole('tooltip');

  // …hovering it opens the whole text, which also describes it for screen readers.
  // (The detail view may still move as it settles, taking the preview from under the pointer:
  // the pointer comes again until the tooltip is open under it.)
  await expect(async () => {
    await page.mouse.move(1, 1);
    await preview.hover();
    await expect(tooltip).toContainText(
      'The very last words of this paragraph are the lighthouse keeper.',
      { timeout: 2_000 },
    );
  }).toPass({ timeout: 20_000 });
  // It stays open while the pointer rests on the preview.
  await expect(preview).toHaveAttribute('data-state', /open/);
  await expect(tooltip).toBeVisible();
  await expect(preview).toHaveAttribute('aria-describedby', /.+/);
  await page.keyboard.press('Escape');
  await expect(tooltip).toBeHidden();
  await page.mouse.move(1, 1, { steps: 5 });

  // By keyboard: Tab from the segment's switch reaches the preview and opens the tooltip;
  // Escape closes it.
  await segments.getByRole('switch').first().focus();
  await page.keyboard.press('Tab');
  await expect(preview).toBeFocused();
  await expect(tooltip).toBeVisible();
  await expect(tooltip).toContainText('lighthouse keeper');
  await page.keyboard.press('Escape');
  await expect(tooltip).toBeHidden();
});
