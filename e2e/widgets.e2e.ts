import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createRequire } from 'node:module';
import { build } from 'esbuild';
import type { APIRequestContext, BrowserContext, Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { newUser } from './helpers';
import { startFakeProvider, type FakeProvider } from '../apps/server/test/fakeProviders';

/**
 * The embeddable widgets on somebody else's site: a static host page served from a second
 * origin (another port), with the snippets the Widget tab produces, under a strict CSP and
 * hostile global CSS. The first test pastes the exact snippet the console's Widget tab shows, for
 * an agent answering from a local OpenAI-compatible fake model; the others use the server's
 * offline responder (no model key), which echoes the question.
 */

interface Agent {
  id: string;
  apiUrl: string;
  apiKey: string;
  /** Its Initial Message: the chat snippet's data-greeting. */
  greeting?: string;
}

const nonce = 'e2e-widget-nonce';
const strictCsp = `script-src 'nonce-${nonce}' 'strict-dynamic'; style-src 'self'; object-src 'none'; base-uri 'none'`;
const hostileCss = `* { all: unset !important; }
html { font-size: 48px !important; }
body { font-size: 72px !important; line-height: 3 !important; }
div, section, button, span { display: none !important; transform: scale(2) !important; }
`;

/** Same text as the dashboard's widgetSnippets.ts (the Widget tab's Copy Script). */
function chatSnippet(origin: string, agent: Agent, name: string, extra = ''): string {
  return [
    '<!-- Parley chat widget -->',
    '<script',
    `  src="${origin}/widget/chat.js"`,
    `  data-agent-url="${agent.apiUrl.replace(/\/+$/, '')}"`,
    `  data-agent-key="${agent.apiKey}"`,
    `  data-agent-name="${name}"`,
    ...(agent.greeting ? [`  data-greeting="${agent.greeting}"`] : []),
    '  data-position="bottom-right"',
    '  data-primary-color="#667eea"',
    '  defer',
    `${extra}></script>`,
  ].join('\n');
}

function voiceSnippet(origin: string, agent: Agent, name: string, extra = ''): string {
  return [
    '<!-- Parley voice widget -->',
    '<script',
    `  src="${origin}/widget/voice.js"`,
    `  data-agent-url="${agent.apiUrl.replace(/\/+$/, '').replace(/\/v1$/, '')}"`,
    `  data-agent-key="${agent.apiKey}"`,
    `  data-agent-name="${name}"`,
    `  data-agent-id="${agent.id}"`,
    '  data-position="bottom-right"',
    '  data-primary-color="#667eea"',
    '  defer',
    `${extra}></script>`,
  ].join('\n');
}

/** The host site: pages registered by path, each with its own headers. */
class HostSite {
  private server: Server | null = null;
  private pages = new Map<string, { body: string; headers: Record<string, string> }>();
  url = '';

  async start() {
    this.server = createServer((req, res) => {
      const page = this.pages.get((req.url ?? '/').split('?')[0]!);
      if (!page) {
        res.writeHead(404).end('not found');
        return;
      }
      res.writeHead(200, page.headers).end(page.body);
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  page(path: string, body: string, headers: Record<string, string> = {}) {
    this.pages.set(path, {
      body,
      headers: { 'Content-Type': 'text/html; charset=utf-8', ...headers },
    });
    return `${this.url}${path}`;
  }

  css(path: string, body: string) {
    this.pages.set(path, { body, headers: { 'Content-Type': 'text/css' } });
  }

  script(path: string, body: string) {
    this.pages.set(path, {
      body,
      headers: { 'Content-Type': 'text/javascript; charset=utf-8' },
    });
  }

  file(path: string, file: string) {
    this.pages.set(path, {
      body: readFileSync(file, 'utf8'),
      headers: { 'Content-Type': 'text/javascript; charset=utf-8' },
    });
  }

  async close() {
    await new Promise<void>((resolve) =>
      this.server ? this.server.close(() => resolve()) : resolve(),
    );
  }
}

function html(body: string, head = ''): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Host shop</title>${head}</head><body><h1>Acme shop</h1><p><a href="#top">Top of the page</a></p>${body}</body></html>`;
}

async function createAgent(
  request: APIRequestContext,
  baseURL: string,
  prefix: string,
  settings: Record<string, unknown> = {},
): Promise<Agent> {
  const headers = { Origin: baseURL };
  const user = newUser(prefix);
  const ok = async <T = unknown>(res: Awaited<ReturnType<APIRequestContext['post']>>) => {
    expect(res.ok(), `${res.url()} → ${res.status()} ${await res.text()}`).toBe(true);
    return (await res.json()) as T;
  };
  await ok(
    await request.post('/api/auth/sign-up/email', {
      headers,
      data: {
        name: 'Ada Lovelace',
        firstName: 'Ada',
        lastName: 'Lovelace',
        email: user.email,
        password: user.password,
      },
    }),
  );
  const org = await ok<{ data: { orgId: string } }>(
    await request.post('/api/org/create-org', {
      headers,
      data: { orgName: `Widget Org ${prefix}` },
    }),
  );
  const orgId = org.data.orgId;
  const id = `${prefix}_${crypto.randomUUID().replace(/-/g, '_')}`;
  const app = await ok<{ data: { appKey: string } }>(
    await request.post('/api/app/create-agent', {
      headers,
      data: { agentName: id, organizationId: orgId },
    }),
  );
  await ok(
    await request.post(`/api/agents/update/${id}`, {
      headers,
      data: {
        organization_id: orgId,
        chatbot_api: `${baseURL}/v1`,
        chatbot_key: app.data.appKey,
        initial_message: 'Hello! How can I help you today?',
        status: 'active',
        ...settings,
      },
    }),
  );
  const info = await ok<{ chatbot_api: string; chatbot_key: string; initial_message: string }>(
    await request.get(`/api/agents/info/${id}`, { headers }),
  );
  expect(info.chatbot_key).toMatch(/^app-/);
  return {
    id,
    apiUrl: info.chatbot_api,
    apiKey: info.chatbot_key,
    greeting: info.initial_message,
  };
}

/** Records CSP violations and whether any injected script ran. */
async function watchPage(page: Page) {
  await page.addInitScript(() => {
    const w = window as unknown as { __violations: string[] };
    w.__violations = [];
    document.addEventListener('securitypolicyviolation', (e) =>
      w.__violations.push(`${e.violatedDirective} ${e.blockedURI} ${e.sample}`),
    );
  });
}
interface ChatCommands {
  open(): void;
  close(): void;
  toggle(): void;
  destroy(): void;
}

const violations = (page: Page) =>
  page.evaluate(() => (window as unknown as { __violations: string[] }).__violations);

const widget = (page: Page) => page.locator('parley-chat-widget');
const launcher = (page: Page) => widget(page).getByRole('button', { name: /Open chat|Close chat/ });

async function sendMessage(panel: Locator, text: string) {
  const input = panel.getByLabel('Message');
  await input.fill(text);
  await input.press('Enter');
}

let site: HostSite;
let agent: Agent;
let modelAgent: Agent;
let consoleContext: BrowserContext;
let fake: FakeProvider;
let baseURL: string;

test.beforeAll(async ({ browser }, testInfo) => {
  baseURL = testInfo.project.use.baseURL!;
  site = new HostSite();
  await site.start();
  fake = await startFakeProvider();
  const context = await browser.newContext({ baseURL });
  agent = await createAgent(context.request, baseURL, 'widget');
  await context.close();
  // The console user's session stays open to read the Widget tab.
  consoleContext = await browser.newContext({ baseURL });
  modelAgent = await createAgent(consoleContext.request, baseURL, 'model', {
    name: 'Acme Support',
    initial_message: 'Welcome to Acme! Ask me about our opening hours.',
    model_live_url: `${fake.url}/v1`,
  });
  site.css('/hostile.css', hostileCss);
});
test.afterAll(async () => {
  await consoleContext?.close();
  await site?.close();
  await fake?.close();
});

/** The chat and voice snippets exactly as the console's Widget tab shows them. */
async function widgetTabSnippets(agentId: string) {
  const page = await consoleContext.newPage();
  await page.goto(`/?tab=agents&agent=${agentId}&section=widget`);
  const code = (kind: string) => page.locator(`pre[data-widget=${kind}] code`);
  await expect(code('chat')).toBeVisible();
  const snippets = { chat: await code('chat').innerText(), voice: await code('voice').innerText() };
  await page.close();
  return snippets;
}

test('chat widget on another site: bottom-right #667eea → open → streamed reply → kept after reload', async ({
  page,
}) => {
  await watchPage(page);
  const snippets = await widgetTabSnippets(modelAgent.id);
  // The e2e helpers below write the same text the console produces.
  expect(snippets.chat).toBe(chatSnippet(baseURL, modelAgent, 'Acme Support'));
  expect(snippets.voice).toBe(voiceSnippet(baseURL, modelAgent, 'Acme Support'));
  fake.reply.words = ['We open', ' at nine', ' every morning.'];
  const url = site.page('/plain', html(snippets.chat));
  await page.goto(url);

  const button = launcher(page);
  await expect(button).toBeVisible();
  await expect(button).toHaveCSS('background-color', 'rgb(102, 126, 234)');
  const viewport = page.viewportSize()!;
  const box = (await button.boundingBox())!;
  expect(viewport.width - (box.x + box.width)).toBeLessThan(40);
  expect(viewport.height - (box.y + box.height)).toBeLessThan(40);

  await button.click();
  const panel = widget(page).getByRole('dialog', { name: 'Acme Support' });
  await expect(panel).toBeVisible();
  // The widget greets with the agent's Initial Message (the snippet's data-greeting).
  await expect(panel.getByText('Welcome to Acme! Ask me about our opening hours.')).toBeVisible();
  await sendMessage(panel, 'What are your opening hours?');
  await expect(panel.locator('.msg.user')).toHaveText('You: What are your opening hours?');
  const reply = panel.locator('.msg.bot').last();
  await expect(reply).toContainText('We open at nine every morning.', { timeout: 15_000 });
  await expect(widget(page).getByRole('status')).toContainText('We open at nine every morning.');
  expect(JSON.stringify(fake.requests.at(-1)!.body.messages)).toContain(
    'What are your opening hours?',
  );
  expect(fake.requests.at(-1)!.body.stream).toBe(true);

  await page.reload();
  await launcher(page).click();
  const again = widget(page).getByRole('dialog', { name: 'Acme Support' });
  await expect(again.locator('.msg.user')).toHaveText('You: What are your opening hours?');
  await expect(again.locator('.msg.bot').last()).toContainText('We open at nine every morning.');

  // Clear forgets it, also after a reload.
  await again.getByRole('button', { name: 'Clear' }).click();
  await expect(again.getByText('What are your opening hours?')).toHaveCount(0);
  await page.reload();
  await launcher(page).click();
  await expect(widget(page).getByText('What are your opening hours?')).toHaveCount(0);
  expect(await violations(page)).toEqual([]);
});

test('strict CSP and hostile CSS: nonce + strict-dynamic, style-src self, * { all: unset !important }', async ({
  page,
}) => {
  await watchPage(page);
  const url = site.page(
    '/strict',
    html(
      chatSnippet(baseURL, agent, 'Strict Support', `  nonce="${nonce}"\n`),
      '<link rel="stylesheet" href="/hostile.css">',
    ),
    { 'Content-Security-Policy': strictCsp },
  );
  await page.goto(url);
  const button = launcher(page);
  await expect(button).toBeVisible();
  await expect(button).toHaveCSS('background-color', 'rgb(102, 126, 234)');
  await expect(button).toHaveCSS('width', '56px');
  await expect(button).toHaveCSS('position', 'fixed');

  await button.click();
  const panel = widget(page).getByRole('dialog', { name: 'Strict Support' });
  await expect(panel).toBeVisible();
  await expect(panel).toHaveCSS('font-size', '14px');
  await expect(panel).toHaveCSS('width', '370px');
  await sendMessage(panel, 'Hello from a strict page');
  // Visitors get a short neutral note, never the server's set-up instructions.
  await expect(panel.locator('.msg.bot').last()).toContainText(
    'Automatic answer from the knowledge base',
    {
      timeout: 15_000,
    },
  );
  await expect(panel.locator('.msg.bot').last()).not.toContainText('API key');
  expect(await violations(page)).toEqual([]);
  // The widget added no style to the page itself.
  expect(await page.locator('head style, body style').count()).toBe(0);
  expect(await page.locator('[style]').count()).toBe(0);
});

test('XSS in a bot reply is inert (the offline responder echoes the question)', async ({
  page,
}) => {
  await watchPage(page);
  await page.goto(site.page('/xss', html(chatSnippet(baseURL, agent, 'Echo'))));
  await launcher(page).click();
  const panel = widget(page).getByRole('dialog', { name: 'Echo' });
  // Each payload, and the text the visitor sees of it (markup stays text; an unsafe link
  // keeps only its label).
  const payloads = [
    ['<img src=x onerror="window.__xss=1">', '<img src=x onerror='],
    ['<script>window.__xss=2</script>', '<script>window.__xss=2</script>'],
    ['<svg onload="window.__xss=3"></svg>', '<svg onload='],
    ['[click me](javascript:window.__xss=4)', '“click me”'],
  ];
  for (const [payload, shown] of payloads) {
    await sendMessage(panel, payload!);
    const reply = panel.locator('.msg.bot').last();
    await expect(reply).toContainText('Automatic answer from the knowledge base', {
      timeout: 15_000,
    });
    await expect(reply).toContainText(shown!);
  }
  await page.waitForTimeout(300);
  expect(
    await page.evaluate(() => (window as unknown as { __xss?: number }).__xss),
  ).toBeUndefined();
  const shadow = widget(page);
  await expect(shadow.locator('img, script, svg [onload], iframe, object')).toHaveCount(0);
  await expect(shadow.locator('a[href^="javascript"]')).toHaveCount(0);
});

test('phone viewport: the panel is full-screen', async ({ browser }) => {
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
  });
  const page = await context.newPage();
  await page.goto(site.page('/phone', html(chatSnippet(baseURL, agent, 'Phone Support'))));
  await launcher(page).tap();
  const panel = widget(page).getByRole('dialog', { name: 'Phone Support' });
  await expect(panel).toBeVisible();
  const box = (await panel.boundingBox())!;
  expect(box).toEqual({ x: 0, y: 0, width: 390, height: 844 });
  await panel.getByRole('button', { name: 'Close' }).tap();
  await expect(panel).toBeHidden();
  await expect(launcher(page)).toBeVisible();
  await context.close();
});

test('keyboard only: Tab to the launcher, Enter opens with focus inside, Escape closes back', async ({
  page,
}) => {
  await page.goto(site.page('/keyboard', html(chatSnippet(baseURL, agent, 'Keys'))));
  await expect(launcher(page)).toBeVisible();
  await page.keyboard.press('Tab'); // the page's own link
  await page.keyboard.press('Tab'); // the launcher
  await expect(widget(page).getByRole('button', { name: 'Open chat' })).toBeFocused();
  await page.keyboard.press('Enter');
  const panel = widget(page).getByRole('dialog', { name: 'Keys' });
  await expect(panel.getByLabel('Message')).toBeFocused();
  await page.keyboard.type('Typed with the keyboard');
  await page.keyboard.press('Enter');
  await expect(panel.locator('.msg.bot').last()).toContainText(
    'Automatic answer from the knowledge base',
    {
      timeout: 15_000,
    },
  );
  await page.keyboard.press('Escape');
  await expect(panel).toBeHidden();
  await expect(widget(page).getByRole('button', { name: 'Open chat' })).toBeFocused();
});

/** A host site that is itself a React 19 app and uses jQuery 3 (both from npm, bundled here). */
async function hostAppBundle(): Promise<{ app: string; jquery: string }> {
  const require = createRequire(import.meta.url);
  const result = await build({
    stdin: {
      contents: `
        import { useState } from 'react';
        import { createRoot } from 'react-dom/client';
        import { jsx, jsxs } from 'react/jsx-runtime';
        function Shop() {
          const [count, setCount] = useState(0);
          return jsxs('main', { id: 'shop', children: [
            jsx('p', { id: 'cart', children: 'Cart: ' + count }),
            jsx('button', { id: 'add', onClick: () => setCount((c) => c + 1), children: 'Add to cart' }),
          ] });
        }
        createRoot(document.getElementById('root')).render(jsx(Shop, {}));
      `,
      resolveDir: process.cwd(),
      loader: 'js',
    },
    bundle: true,
    write: false,
    format: 'iife',
    minify: true,
    define: { 'process.env.NODE_ENV': '"production"' },
  });
  return {
    app: result.outputFiles[0]!.text,
    jquery: readFileSync(require.resolve('jquery/dist/jquery.min.js'), 'utf8'),
  };
}

test('next to a React app and jQuery on the host page: all three keep working', async ({
  page,
}) => {
  await watchPage(page);
  const { app, jquery } = await hostAppBundle();
  site.script('/host-app.js', app);
  site.script('/jquery.js', jquery);
  const url = site.page(
    '/react-jquery',
    html(
      `<div id="root"></div><p id="jq">not yet</p>
<script src="/jquery.js"></script>
<script src="/host-app.js"></script>
<script>jQuery(function ($) { $('#jq').text('jQuery ' + $.fn.jquery); });</script>
${chatSnippet(baseURL, agent, 'Mixed Support')}`,
    ),
  );
  await page.goto(url);
  await expect(page.locator('#jq')).toHaveText(/^jQuery 3\./);
  await page.locator('#add').click();
  await expect(page.locator('#cart')).toHaveText('Cart: 1');

  await launcher(page).click();
  const panel = widget(page).getByRole('dialog', { name: 'Mixed Support' });
  await sendMessage(panel, 'Do you sell hats?');
  await expect(panel.locator('.msg.bot').last()).toContainText('Do you sell hats?', {
    timeout: 15_000,
  });
  // The host's own app and library are untouched by the widget.
  await page.locator('#add').click();
  await expect(page.locator('#cart')).toHaveText('Cart: 2');
  expect(await page.evaluate(() => typeof (window as { jQuery?: unknown }).jQuery)).toBe(
    'function',
  );
  expect(await violations(page)).toEqual([]);
});

test('pasted twice: one widget; window.ParleyChat commands and the ready event', async ({
  page,
}) => {
  const snippet = chatSnippet(baseURL, agent, 'Twice');
  await page.addInitScript(() => {
    const w = window as unknown as { __ready: number };
    w.__ready = 0;
    window.addEventListener('parley:chat-ready', () => (w.__ready += 1));
  });
  await page.goto(site.page('/twice', html(`${snippet}\n${snippet}`)));
  await expect(launcher(page)).toBeVisible();
  await expect(page.locator('parley-chat-widget')).toHaveCount(1);
  expect(await page.evaluate(() => (window as unknown as { __ready: number }).__ready)).toBe(1);
  await page.evaluate(() => (window as unknown as { ParleyChat: ChatCommands }).ParleyChat.open());
  await expect(widget(page).getByRole('dialog', { name: 'Twice' })).toBeVisible();
  await page.evaluate(() =>
    (window as unknown as { ParleyChat: ChatCommands }).ParleyChat.toggle(),
  );
  await expect(widget(page).getByRole('dialog')).toBeHidden();
  await page.evaluate(() =>
    (window as unknown as { ParleyChat: ChatCommands }).ParleyChat.destroy(),
  );
  await expect(page.locator('parley-chat-widget')).toHaveCount(0);
});

test('the ESM build (chat.mjs as a module script) works the same way', async ({ page }) => {
  const tag = `<script type="module" src="${baseURL}/widget/chat.mjs" data-agent-url="${agent.apiUrl}" data-agent-key="${agent.apiKey}" data-agent-name="Module"></script>`;
  await page.goto(site.page('/module', html(tag)));
  await launcher(page).click();
  const panel = widget(page).getByRole('dialog', { name: 'Module' });
  await sendMessage(panel, 'Hello from a module');
  await expect(panel.locator('.msg.bot').last()).toContainText(
    'Automatic answer from the knowledge base',
    {
      timeout: 15_000,
    },
  );
});

test('allowed origins set in the Widget tab: another origin is refused, the listed one answers', async ({
  browser,
  page,
}) => {
  const context = await browser.newContext({ baseURL });
  const guarded = await createAgent(context.request, baseURL, 'guarded');
  // The site owner restricts the agent in the console's Widget tab.
  const consolePage = await context.newPage();
  const setOrigins = async (text: string) => {
    await consolePage.goto(`/?tab=agents&agent=${guarded.id}&section=widget`);
    await consolePage.getByRole('button', { name: 'Edit', exact: true }).click();
    const field = consolePage.getByRole('textbox', { name: 'Allowed Origins' });
    await field.fill(text);
    await consolePage.getByRole('button', { name: 'Save Origins' }).click();
    await expect(consolePage.getByText('Allowed origins saved')).toBeVisible();
    await consolePage.reload();
    await expect(field).toHaveValue(text);
  };
  await consolePage.goto(`/?tab=agents&agent=${guarded.id}&section=widget`);
  // 'Open Agent' is read-only: the Edit control turns editing on.
  await expect(consolePage.getByRole('textbox', { name: 'Allowed Origins' })).toBeDisabled();
  await consolePage.getByRole('button', { name: 'Edit', exact: true }).click();
  await consolePage.getByRole('textbox', { name: 'Allowed Origins' }).fill('shop.example/cart');
  await expect(consolePage.getByText(/"shop.example\/cart" is not an origin/)).toBeVisible();
  await expect(consolePage.getByRole('button', { name: 'Save Origins' })).toBeDisabled();
  await setOrigins('https://shop.example');

  await page.goto(site.page('/refused', html(chatSnippet(baseURL, guarded, 'Guarded'))));
  await launcher(page).click();
  const panel = widget(page).getByRole('dialog', { name: 'Guarded' });
  const refused = page.waitForResponse(
    (r) => r.url().endsWith('/v1/chat-messages') && r.request().method() === 'POST',
  );
  await sendMessage(panel, 'Can I use you from here?');
  expect((await refused).status()).toBe(403);
  await expect(panel.getByText('This site is not allowed to use this agent')).toBeVisible();

  // Listing the host site lets it in.
  await setOrigins(`https://shop.example\n${site.url}`);
  await context.close();
  await page.reload();
  await launcher(page).click();
  await sendMessage(widget(page).getByRole('dialog', { name: 'Guarded' }), 'And now?');
  await expect(widget(page).locator('.msg.bot').last()).toContainText(
    'Automatic answer from the knowledge base',
    {
      timeout: 15_000,
    },
  );
});

// ---------- voice widget ----------

/** A microphone without hardware: an oscillator through WebAudio (or a refusal). */
async function fakeMicrophone(page: Page, refuse = false) {
  await page.addInitScript((refuse) => {
    const w = window as unknown as { __micAsked: number };
    w.__micAsked = 0;
    navigator.mediaDevices.getUserMedia = async () => {
      w.__micAsked += 1;
      if (refuse) throw new DOMException('Permission denied', 'NotAllowedError');
      const context = new AudioContext();
      const destination = context.createMediaStreamDestination();
      const oscillator = context.createOscillator();
      oscillator.connect(destination);
      oscillator.start();
      return destination.stream;
    };
  }, refuse);
}

const voice = (page: Page) => page.locator('parley-voice-widget');

test('voice widget next to the chat widget under the strict CSP: Connecting... → the server says voice is not configured', async ({
  page,
}) => {
  await watchPage(page);
  await fakeMicrophone(page);
  const livekitRequests: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('voice-livekit')) livekitRequests.push(r.url());
  });
  // A server where voice is off (this one takes calls without LiveKit: e2e/voice.e2e.ts), its
  // answer a little slow so 'Connecting...' can be seen.
  await page.route('**/voice/tokens/generate**', async (route) => {
    await new Promise((r) => setTimeout(r, 400));
    const detail =
      'Voice is not configured on this server: set LIVEKIT_URL, LIVEKIT_API_KEY and LIVEKIT_API_SECRET, or PARLEY_EMBEDDED_VOICE_CALLS above 0, and restart it.';
    await route.fulfill({
      status: 503,
      headers: { 'Access-Control-Allow-Origin': '*' },
      contentType: 'application/json',
      body: JSON.stringify({ success: false, error: detail, detail }),
    });
  });
  const url = site.page(
    '/both',
    html(
      `${chatSnippet(baseURL, agent, 'Acme Support', `  nonce="${nonce}"\n`)}\n${voiceSnippet(baseURL, agent, 'Acme Support', `  nonce="${nonce}"\n`)}`,
      '<link rel="stylesheet" href="/hostile.css">',
    ),
    { 'Content-Security-Policy': strictCsp },
  );
  await page.goto(url);
  const call = voice(page).getByRole('button', { name: 'Talk to Agent' });
  await expect(call).toBeVisible();
  await expect(call).toHaveCSS('background-color', 'rgb(102, 126, 234)');
  // Beside the chat launcher, not on top of it.
  const callBox = (await call.boundingBox())!;
  const chatBox = (await launcher(page).boundingBox())!;
  expect(callBox.x + callBox.width).toBeLessThanOrEqual(chatBox.x);
  expect(livekitRequests).toEqual([]);

  await call.click();
  await expect(voice(page).getByRole('button', { name: 'Connecting...' })).toBeVisible();
  // The visitor gets a neutral line; the LiveKit settings stay for the owner's console.
  await expect(voice(page).getByRole('status')).toContainText('Failed to connect to agent');
  await expect(voice(page).getByRole('status')).not.toContainText('LIVEKIT');
  await expect(voice(page).getByRole('button', { name: 'Talk to Agent' })).toBeVisible();
  // No call script without a token saying which (livekit-client only for a LiveKit call).
  expect(livekitRequests).toEqual([]);
  expect(await violations(page)).toEqual([]);
  expect(await page.locator('[style]').count()).toBe(0);
});

test('voice widget: a refused microphone is explained and asks for no token', async ({ page }) => {
  await fakeMicrophone(page, true);
  let tokenRequests = 0;
  page.on('request', (r) => {
    if (r.url().includes('/tokens/generate')) tokenRequests += 1;
  });
  await page.goto(site.page('/mic', html(voiceSnippet(baseURL, agent, 'Mic'))));
  await voice(page).getByRole('button', { name: 'Talk to Agent' }).click();
  await expect(voice(page).getByRole('status')).toContainText('Microphone access was denied');
  expect(tokenRequests).toBe(0);
  // Keyboard: Escape dismisses the message, focus stays on the call button.
  await voice(page).getByRole('button', { name: 'Talk to Agent' }).focus();
  await page.keyboard.press('Escape');
  await expect(voice(page).getByText('Microphone access was denied')).toHaveCount(0);
});

test('voice widget: livekit-client arrives as voice-livekit.js from the same base, only on press, and runs under the strict CSP', async ({
  page,
}) => {
  await watchPage(page);
  await fakeMicrophone(page);
  // The host serves the built files itself, so the lazily loaded file sits next to voice.js.
  const dist = new URL('../packages/voice-widget/dist/', import.meta.url);
  site.file('/static/voice.js', new URL('voice.js', dist).pathname);
  site.file('/static/voice-livekit.js', new URL('voice-livekit.js', dist).pathname);
  const loaded: string[] = [];
  page.on('requestfinished', (r) => {
    if (r.url().includes('voice-livekit')) loaded.push(r.url());
  });
  // A token for a LiveKit server that is not there: joining fails after the chunk has loaded.
  await page.route('**/voice/tokens/generate**', (route) =>
    route.fulfill({
      status: 200,
      headers: { 'Access-Control-Allow-Origin': '*' },
      contentType: 'application/json',
      body: JSON.stringify({ token: 'not-a-jwt', livekit_url: 'ws://127.0.0.1:9', room_name: 'r' }),
    }),
  );
  const snippet = voiceSnippet(baseURL, agent, 'Lazy', `  nonce="${nonce}"\n`).replace(
    `${baseURL}/widget/voice.js`,
    `${site.url}/static/voice.js`,
  );
  await page.goto(site.page('/lazy', html(snippet), { 'Content-Security-Policy': strictCsp }));
  await expect(voice(page).getByRole('button', { name: 'Talk to Agent' })).toBeVisible();
  expect(loaded).toEqual([]);
  await voice(page).getByRole('button', { name: 'Talk to Agent' }).click();
  await expect(voice(page).getByRole('status')).toContainText('Failed to connect to agent', {
    timeout: 30_000,
  });
  expect(loaded).toEqual([`${site.url}/static/voice-livekit.js`]);
  expect(
    await page.evaluate(
      () => typeof (window as unknown as { ParleyVoiceLivekit?: unknown }).ParleyVoiceLivekit,
    ),
  ).toBe('object');
  expect(await violations(page)).toEqual([]);
});
