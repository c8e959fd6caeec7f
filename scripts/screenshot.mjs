// The README's screenshot (docs/images/console.png): signs up on a running server, creates an
// organization and a few agents through the console, and captures the Agents tab in Debian's
// Chromium. Usage: `npm start` in one shell, then `node scripts/screenshot.mjs [url] [out.png]`.
import { chromium } from 'playwright-core';

const base = process.argv[2] ?? 'http://localhost:3000';
const out = process.argv[3] ?? 'docs/images/console.png';
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
});
try {
  const page = await browser.newPage({ viewport: { width: 1280, height: 760 } });
  page.setDefaultTimeout(60_000);
  await page.goto(`${base}/login`);
  await page.getByRole('tab', { name: 'Sign up' }).click();
  await page.getByLabel('First name').fill('Ada');
  await page.getByLabel('Last name').fill('Lovelace');
  await page.getByLabel('Email').fill(`ada.${Date.now().toString(36)}@example.com`);
  await page.getByLabel('Password').fill('correct-horse-battery');
  await page.getByRole('button', { name: 'Create account' }).click();
  const welcome = page.getByRole('dialog', { name: 'Welcome! Create Your Organization' });
  await welcome.getByLabel('Organization name').fill('Acme Clinic');
  await welcome.getByRole('button', { name: 'Create Organization' }).click();
  await welcome.waitFor({ state: 'hidden' });
  const nav = page.getByRole('navigation', { name: 'Dashboard' });
  for (const id of ['front_desk', 'billing_help', 'after_hours']) {
    await nav.getByRole('link', { name: 'Agents' }).click();
    await page.getByRole('button', { name: 'Create New Agent' }).click();
    const create = page.getByRole('dialog', { name: 'Create Agent' });
    await create.getByLabel('Agent Identifier').fill(id);
    await create.getByLabel('Agent Identifier').press('Enter');
    await create.waitFor({ state: 'hidden' });
    await page.getByRole('button', { name: 'Back to Agents' }).click();
  }
  await page.getByRole('article', { name: /after_hours/ }).waitFor();
  await page.mouse.move(0, 0);
  await page.screenshot({ path: out });
  console.log(`wrote ${out}`);
} finally {
  await browser.close();
}
