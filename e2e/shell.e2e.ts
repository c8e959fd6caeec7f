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

test('/login paints from its prerendered HTML and the script takes those very nodes over', async ({
  page,
  request,
}) => {
  const html = await (await request.get('/login')).text();
  expect(html).toContain('<p class="');
  expect(html).toContain('Build, test and ship AI chat and voice agents.</p>');
  // (The field's label row holds the label; the input follows it.)
  expect(html).toMatch(/<label [^>]*>Email<\/label>(<\/div>)?<input type="email"/);
  expect(html).not.toMatch(/<link rel="stylesheet"/); // styles inline: nothing blocks the paint
  // Once the parser is done and before the page's modules run: mark every prerendered node and
  // record any node the script adds or removes under #root.
  await page.addInitScript(() => {
    const w = window as unknown as { replaced: string[] };
    w.replaced = [];
    document.addEventListener('readystatechange', () => {
      if (document.readyState !== 'interactive') return;
      const root = document.getElementById('root')!;
      for (const node of root.querySelectorAll('*')) node.setAttribute('data-prerendered', '');
      new MutationObserver((records) => {
        for (const r of records)
          if (r.type === 'childList' && r.addedNodes.length + r.removedNodes.length)
            w.replaced.push((r.target as Element).outerHTML.slice(0, 120));
      }).observe(root, { childList: true, subtree: true });
    });
  });
  await page.goto('/login', { waitUntil: 'networkidle' });
  const root = page.locator('#root');
  await expect(root.locator('[data-prerendered]')).not.toHaveCount(0);
  await expect(root.locator(':not([data-prerendered])')).toHaveCount(0);
  expect(await page.evaluate(() => (window as unknown as { replaced: string[] }).replaced)).toEqual(
    [],
  );
  // The nodes work: switching to Sign up shows the name fields.
  await page.getByRole('tab', { name: 'Sign up' }).click();
  await expect(page.getByLabel('First name')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Create account' })).toBeDisabled();
});
