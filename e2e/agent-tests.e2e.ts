import { expect, test } from './fixtures';
import { createAgent, createOrganization, newUser, signUp } from './helpers';
import { startFakeGrader, type FakeGrader } from '../apps/server/test/fakeGrader';

/**
 * Agent tests end to end (issue 30): write a test → run → it fails → change the prompt → it
 * passes (and by voice, through the local speech pipeline) → with 'Tests must pass to publish'
 * on, a failing test refuses Publish (banner naming it) and, fixed, the agent publishes; 'Make a
 * test' in the inbox links to the agent's Tests. The model is a local OpenAI-compatible server whose answer
 * is what the system prompt orders (`ALWAYS SAY: …`).
 */
let model: FakeGrader;
test.beforeAll(async () => {
  model = await startFakeGrader();
});
test.afterAll(async () => {
  await model?.close();
});

const saved = (page: import('@playwright/test').Page) =>
  expect(page.getByText('All changes saved').first()).toBeVisible({ timeout: 15_000 });

test('write a test → run → fail → change the prompt → pass → publish with the gate on', async ({
  page,
}) => {
  await signUp(page, newUser('tests'));
  await createOrganization(page, 'Tests Org');
  await createAgent(page, 'tested');
  await page.getByRole('button', { name: 'Edit', exact: true }).click();
  await page.getByLabel('System Prompt').fill('ALWAYS SAY: We open at 10.');
  await page.getByLabel('Model Live URL').fill(`${model.url}/v1`);
  await page.getByLabel('Model Live URL').blur();
  await saved(page);

  // The Tests section (its own chunk) loads under the agent's settings.
  const tests = page.getByRole('region', { name: 'Tests', exact: true });
  await expect(tests.getByText('No tests yet')).toBeVisible({ timeout: 20_000 });
  await tests.getByRole('button', { name: 'New test' }).first().click();
  const editor = page.getByRole('dialog', { name: 'New test' });
  await expect(editor.getByRole('button', { name: 'Save test' })).toBeVisible();
  await editor.getByLabel(/^Test name/).fill('Opens at nine');
  await editor.getByLabel('User says (turn 1)').fill('When do you open?');
  await editor.getByLabel('Expectation 1 value').fill('open at 9');
  await editor.getByRole('button', { name: 'Save test' }).click();
  await expect(editor).toBeHidden();
  await expect(tests.getByText('Opens at nine')).toBeVisible();

  // Before it starts, Run all says what it costs against the organization's test budget.
  await expect(
    tests.getByText(
      "Run all: about 1 model call (1 turn) · 2,000 of 2,000 left in this organization's 24-hour test budget.",
    ),
  ).toBeVisible();

  // Run: it fails, saying why.
  await tests.getByRole('button', { name: 'Run all' }).click();
  await expect(tests.getByText('0 of 1 passed')).toBeVisible({ timeout: 30_000 });
  await expect(tests.getByText('The answer does not contain “open at 9”')).toBeVisible();

  // Change the prompt: it passes, and the diff names the expectation that changed.
  await page.getByLabel('System Prompt').fill('ALWAYS SAY: We open at 9 every day.');
  await page.getByLabel('System Prompt').blur();
  await saved(page);
  await tests.getByRole('button', { name: 'Run all' }).click();
  await expect(tests.getByText('1 of 1 passed')).toBeVisible({ timeout: 30_000 });
  // Two runs of one call each came out of the budget.
  await expect(tests.getByText(/· 1,998 of 2,000 left/)).toBeVisible();
  await expect(tests.getByText('Turn 1 · Contains “open at 9”: failed → passed')).toBeVisible();

  // A voice agent (the console gives every new agent a voice): the same script by voice, spoken
  // with espeak-ng and transcribed; the result shows what was heard beside the scripted line.
  await tests.getByRole('button', { name: 'Run by voice' }).click();
  await expect(tests.getByText('Last run by voice:')).toBeVisible({ timeout: 60_000 });
  await expect(tests.getByText('1 of 1 passed')).toBeVisible({ timeout: 60_000 });
  const heard = tests.getByRole('group', { name: 'Result of Opens at nine' });
  await expect(heard.getByText('Scripted: When do you open?', { exact: true })).toBeVisible();
  await expect(heard.getByText('Heard: when do you open', { exact: true })).toBeVisible();
  await expect(heard.getByText(/ s of voice · the call went on$/)).toBeVisible();

  // The gate on, a failing test refuses Publish, naming it.
  await tests.getByRole('switch', { name: /Tests must pass to publish/ }).click();
  await expect(tests.getByRole('switch', { name: /Tests must pass to publish/ })).toBeChecked();
  await tests.getByRole('button', { name: 'New test' }).first().click();
  const second = page.getByRole('dialog', { name: 'New test' });
  await expect(second.getByRole('button', { name: 'Save test' })).toBeVisible();
  await second.getByLabel(/^Test name/).fill('Mentions Sunday');
  await second.getByLabel('User says (turn 1)').fill('And on Sunday?');
  await second.getByLabel('Expectation 1 value').fill('Sunday');
  await second.getByRole('button', { name: 'Save test' }).click();
  await expect(second).toBeHidden();
  await page.getByRole('button', { name: 'Publish Agent' }).click();
  // Publish asks for a note (docs/versions.md); none here.
  await page
    .getByRole('dialog', { name: 'Publish the draft' })
    .getByRole('button', { name: 'Publish' })
    .click();
  await expect(
    page.getByText(
      'Failed to publish agent: Tests must pass to publish: 1 failing test: “Mentions Sunday”',
    ),
  ).toBeVisible({ timeout: 30_000 });
  // Reported once (the banner by Publish Agent, which clears); the Tests section only says it of
  // the run, with no second banner that stays.
  await expect(page.getByText(/Failed to publish agent/)).toHaveCount(1);
  await expect(tests.getByText('Run before publishing (publishing was refused):')).toBeVisible();
  await expect(tests.getByRole('alert')).toHaveCount(0);
  await expect(page.getByText(/Failed to publish agent/)).toHaveCount(0, { timeout: 15_000 });

  // Fixed (the prompt covers Sunday), Publish goes through.
  await page.getByLabel('System Prompt').fill('ALWAYS SAY: We open at 9 every day, Sunday too.');
  await page.getByLabel('System Prompt').blur();
  await saved(page);
  await page.getByRole('button', { name: 'Publish Agent' }).click();
  // Publish asks for a note (docs/versions.md); none here.
  await page
    .getByRole('dialog', { name: 'Publish the draft' })
    .getByRole('button', { name: 'Publish' })
    .click();
  await expect(page.getByText('Agent published successfully')).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText('Tests: all 2 passed · must pass to publish')).toBeVisible();

  // 'Make a test' away from the agent's page (the inbox): its notice links to the agent's Tests.
  await page.getByRole('button', { name: 'Chat', exact: true }).click();
  const drawer = page.getByRole('dialog', { name: /Assistant/ });
  await drawer.getByLabel('Message').fill('Are you open on Sunday?');
  await drawer.getByLabel('Message').press('Enter');
  await expect(drawer.getByLabel('Message')).toBeEnabled({ timeout: 20_000 });
  await page.keyboard.press('Escape');
  await expect(drawer).toBeHidden();
  await page.goto('/?view=conversations');
  await expect(page.getByRole('heading', { name: 'Conversations', level: 1 })).toBeVisible();
  // The row shows the last message: the agent's answer.
  await page.getByRole('option', { name: /Sunday too/ }).click();
  await page.getByRole('button', { name: 'Make a test' }).click();
  await expect(page.getByText(/^Test made: From a chat conversation/)).toBeVisible();
  // With the keyboard: the link takes focus and Enter follows it.
  await page.getByRole('link', { name: 'Open the agent’s tests' }).focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/[?&]section=tests/);
  await expect(tests.getByText(/^From a chat conversation/)).toBeVisible({ timeout: 20_000 });
  await expect(tests).toBeInViewport();
});
