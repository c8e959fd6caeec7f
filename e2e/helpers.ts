import { expect, type Page } from '@playwright/test';

let counter = 0;
/**
 * A unique user per test run (the e2e server starts on an empty database); the worker's process
 * id keeps two workers' addresses apart.
 */
export function newUser(prefix: string) {
  counter += 1;
  const id = `${prefix}${Date.now().toString(36)}${process.pid.toString(36)}${counter}`;
  return {
    firstName: 'Ada',
    lastName: 'Lovelace',
    email: `${id}@example.com`,
    password: 'correct-horse-battery',
  };
}

export async function signUp(page: Page, user: ReturnType<typeof newUser>) {
  await page.goto('/login');
  await page.getByRole('tab', { name: 'Sign up' }).click();
  await page.getByLabel('First name').fill(user.firstName);
  await page.getByLabel('Last name').fill(user.lastName);
  await page.getByLabel('Email').fill(user.email);
  await page.getByLabel('Password').fill(user.password);
  await page.getByRole('button', { name: 'Create account' }).click();
}

export async function createOrganization(page: Page, name: string) {
  const dialog = page.getByRole('dialog', { name: 'Welcome! Create Your Organization' });
  await expect(dialog).toBeVisible();
  await dialog.getByLabel('Organization name').fill(name);
  await dialog.getByRole('button', { name: 'Create Organization' }).click();
  await expect(dialog).toBeHidden();
}

export async function openTab(page: Page, name: string) {
  await page.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name }).click();
}

/** Agents tab → Create New Agent → identifier → the new agent's editor opens (agent=<prefix>_…). */
export async function createAgent(page: Page, prefix: string) {
  await openTab(page, 'Agents');
  await page.getByRole('button', { name: 'Create New Agent' }).click();
  const create = page.getByRole('dialog', { name: 'Create Agent' });
  await create.getByLabel('Agent Identifier').fill(prefix);
  await create.getByLabel('Agent Identifier').press('Enter');
  await expect(create).toBeHidden();
  await expect(page).toHaveURL(new RegExp(`agent=${prefix}_`));
}
