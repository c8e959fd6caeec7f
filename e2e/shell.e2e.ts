import { expect, test } from './fixtures';

test('the built console is served on the API port', async ({ page, request }) => {
  const health = await request.get('/healthz');
  expect(health.ok()).toBe(true);
  await page.goto('/');
  await expect(page).toHaveTitle(/Parley/);
});
