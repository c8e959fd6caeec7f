import { Hono } from 'hono';
import { join } from 'node:path';
import { agentNameSchema } from '@parley/api-client';
import type { Services } from '../lib/env';
import { loadAsset } from '../lib/assets';
import { pageHeaders } from '../lib/securityHeaders';
import { immutable, sendAsset } from '../lib/sendAsset';
import { pageSettings, type PageAgent } from './settings';
import { publicAgentOf } from '../runtime/publicAgent';

/** Where the page's settings go in the built chatbot.html (packages/chat-widget). */
const slot = '<!--parley-page-->';

/** Text for an HTML text node or attribute. */
function escapeHtml(text: string): string {
  return text.replace(
    /[&<>"']/g,
    (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch]!,
  );
}

/** JSON that cannot end its <script> element (or open a comment) early. */
function jsonForScript(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

function notAvailable(title: string, status: 404 | 503) {
  const body = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${title}</title></head><body><main><h1>${title}</h1></main></body></html>`;
  return new Response(body, {
    status,
    headers: {
      'Content-Type': 'text/html; charset=utf-8',
      'Cache-Control': 'no-store',
      ...pageHeaders({}),
      'Referrer-Policy': 'no-referrer',
    },
  });
}

async function findAgent(services: Services, agentName: string): Promise<PageAgent | null> {
  const found = await publicAgentOf(services.db, agentName);
  if (!found) return null;
  const { agent, live } = found;
  return {
    id: agent.agentName,
    name: found.name,
    initialMessage: live.initialMessage,
    appKey: found.appKey,
    chatbotApi: agent.chatbotApi,
    chatbotKey: agent.chatbotKey,
    talkToPerson: live.talkToPerson,
  };
}

/**
 * The public chat page, /chatbot/{agentId} (no login): the page built in
 * packages/chat-widget/dist/page (the chat widget's UI full-page, not the console), with the
 * agent's settings put in by the server: which agent URL and key (see settings.ts: a link's
 * foreign api_url is ignored), its name and first message. Its scripts are under
 * /chatbot/assets/ (hashed, immutable, precompressed).
 */
export function chatbotRoutes(services: Services, dir: string | undefined) {
  const app = new Hono();

  app.get('/assets/:file', async (c) => {
    const file = c.req.param('file');
    const asset =
      dir && /^[\w.-]+$/.test(file) && !/\.(br|gz)$/.test(file)
        ? await loadAsset(join(dir, 'assets', file))
        : null;
    if (!asset) return c.json({ success: false, error: 'Not found', detail: 'Not found' }, 404);
    return sendAsset(c, asset, immutable);
  });

  app.get('/:agentId', async (c) => {
    const template = dir ? await loadAsset(join(dir, 'chatbot.html')) : null;
    if (!template) return notAvailable('The chat page is not built (run npm run build)', 503);
    const parsed = agentNameSchema.safeParse(c.req.param('agentId'));
    const agent = parsed.success ? await findAgent(services, parsed.data) : null;
    if (!agent) return notAvailable('This agent is not available', 404);

    const url = new URL(c.req.url);
    const ownUrls = [`${url.origin}/v1`];
    if (services.env.PUBLIC_URL) ownUrls.push(`${services.env.PUBLIC_URL.replace(/\/+$/, '')}/v1`);
    const settings = pageSettings(agent, url.searchParams, ownUrls);
    const agentOrigin = new URL(settings.agentUrl).origin;

    const html = Buffer.from(template.variants.identity)
      .toString('utf8')
      .replace(/<title>[^<]*<\/title>/, `<title>${escapeHtml(settings.name)}</title>`)
      .replace(
        slot,
        `<script type="application/json" id="parley-chatbot">${jsonForScript(settings)}</script>`,
      );
    return c.body(html, 200, {
      'Content-Type': 'text/html; charset=utf-8',
      // The agent's key is in it, and a link's parameters: never kept by a shared cache.
      'Cache-Control': 'private, no-cache',
      ...pageHeaders({ connect: agentOrigin === url.origin ? [] : [agentOrigin] }),
      // The query string holds the agent's key: not sent to the sites a reply links to.
      'Referrer-Policy': 'no-referrer',
    });
  });

  return app;
}
