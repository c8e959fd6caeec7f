import { expect, test } from './fixtures';

test('the built console is served on the API port', async ({ page, request }) => {
  const health = await request.get('/healthz');
  expect(health.ok()).toBe(true);
  await page.goto('/');
  await expect(page).toHaveTitle(/Parley/);
});

test('/login signed out: no answer ≥ 400 and no console error (Lighthouse best practices)', async ({
  page,
}) => {
  const failed: string[] = [];
  const errors: string[] = [];
  page.on('response', (res) => {
    if (res.status() >= 400) failed.push(`${res.status()} ${res.url()}`);
  });
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  await page.goto('/login', { waitUntil: 'networkidle' });
  await expect(page.getByRole('tab', { name: 'Sign in' })).toHaveAttribute('aria-selected', 'true');
  expect(failed, 'answers ≥ 400').toEqual([]);
  expect(errors, 'console errors').toEqual([]);
});
