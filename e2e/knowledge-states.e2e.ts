import { expect, test } from './fixtures';
import { createOrganization, newUser, openTab, signUp } from './helpers';

/**
 * What a person sees of a knowledge base's states in the built console (issue 27 item 4): the
 * full-text-only warning names the knowledge base and clears itself; the 'Knowledge Bases'
 * section goes back to the list (also after a reload); a switched-off document and segment read
 * 'Disabled'; URL import refuses 'not a url' and says why a page cannot be crawled in words.
 */
test('knowledge base states: warning, sections, switched-off parts, URL import', async ({
  page,
}) => {
  await signUp(page, newUser('kbstates'));
  await createOrganization(page, 'Knowledge States Org');
  await openTab(page, 'Knowledge Base');

  // The tab loads its own chunk: wait for it instead of clicking whatever 'Create' button the
  // previous tab still shows (a loaded CI machine once clicked 'Create New Agent' here).
  await page.getByRole('button', { name: 'Create Knowledge Base' }).first().click();
  await expect(page.getByRole('article', { name: 'Create Knowledge Base' })).toBeVisible();
  await page.getByLabel('Name', { exact: true }).fill('Front desk');
  await page.getByRole('button', { name: 'Create Knowledge Base' }).click();
  await expect(page).toHaveURL(/kb=/);

  // This server has no embedding provider: the warning is about the knowledge base, and it
  // clears itself (5000 ms).
  const warning = page.getByRole('status').filter({ hasText: 'full-text search only' });
  await expect(warning).toContainText('this knowledge base is indexed with full-text search only');
  await expect(warning).not.toContainText('this document');
  await expect(warning).toBeHidden({ timeout: 20_000 });

  // A text document, then switched off: its switch reads its real state.
  await expect(page.getByRole('article', { name: 'Add Documents' })).toBeVisible();
  await page.getByLabel('Name', { exact: true }).fill('Opening hours');
  await page
    .getByRole('textbox', { name: 'Content' })
    .fill('# Hours\n\nThe front desk is open from eight to six on weekdays.');
  await page.getByRole('button', { name: 'Add Text' }).click();
  const row = page.getByRole('table').getByRole('row', { name: /Opening hours/ });
  await expect(row).toContainText('completed', { timeout: 30_000 });
  await row.getByRole('switch', { name: 'Enabled' }).click();
  await expect(row.getByRole('switch', { name: 'Disabled' })).not.toBeChecked();
  await expect(row).not.toContainText('Enabled');

  // A segment switched off reads 'Disabled' too, and the count is '1 segment'.
  await row.getByRole('button', { name: 'Segments' }).click();
  const chunk = page.getByRole('article', { name: /^Chunk-01/ });
  await expect(page.getByText('1 segment', { exact: true })).toBeVisible();
  await chunk.getByRole('switch', { name: 'Enabled' }).click();
  await expect(chunk.getByRole('switch', { name: 'Disabled' })).not.toBeChecked();
  await expect(chunk).not.toContainText('Enabled');
  await page.getByRole('button', { name: /Back to documents/ }).click();

  // URL import: 'not a url' cannot be imported, and says what is expected.
  await page.getByRole('tab', { name: 'From URL' }).click();
  const url = page.getByRole('textbox', { name: /^URL/ });
  await url.fill('not a url');
  await expect(page.getByRole('button', { name: 'Import URL' })).toBeDisabled();
  await expect(
    page.getByText('Enter a full web address starting with http:// or https://'),
  ).toBeVisible();
  // A site that does not exist: 'Failed to crawl URL:' and words, not 'fetch failed'.
  await url.fill('https://no-such-site.invalid/help');
  await page.getByRole('button', { name: 'Import URL' }).click();
  const failure = page.getByRole('alert').filter({ hasText: 'Failed to crawl URL:' });
  await expect(failure).toContainText('no-such-site.invalid');
  await expect(failure).not.toContainText(/fetch failed|must be a valid|url:/);

  // The 'Knowledge Bases' section goes back to the list, and stays there after a reload.
  await page.getByRole('tab', { name: 'Knowledge Bases' }).click();
  await expect(page).toHaveURL(/section=list/);
  await expect(page.getByRole('article', { name: 'Add Documents' })).toBeHidden();
  await expect(page.getByText('Front desk').first()).toBeVisible();
  await page.reload();
  await expect(page.getByRole('tab', { name: 'Knowledge Bases' })).toHaveAttribute(
    'aria-selected',
    'true',
  );
  await expect(page.getByRole('article', { name: 'Add Documents' })).toBeHidden();
});
