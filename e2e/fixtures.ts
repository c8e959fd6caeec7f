import { test as base, expect, type BrowserContext, type Page } from '@playwright/test';

/**
 * Every e2e test runs with this fixture: the server's Content-Security-Policy is in force on the
 * console and the public pages, and any violation in any page the test opens (in its own
 * context or one it creates) fails the test. A violation is seen twice over: the page's
 * `securitypolicyviolation` event (recorded by an init script) and Chromium's console error.
 */
export const test = base.extend<{ cspGuard: void }>({
  cspGuard: [
    async ({ context, browser }, use) => {
      const violations: string[] = [];
      const watchPage = (page: Page) => {
        page.on('console', (message) => {
          const text = message.text();
          if (/Content Security Policy|\[csp-violation\]/i.test(text))
            violations.push(`${page.url()}: ${text}`);
        });
      };
      const watch = async (ctx: BrowserContext) => {
        await ctx.addInitScript(() => {
          document.addEventListener('securitypolicyviolation', (e) =>
            console.error(
              `[csp-violation] ${e.violatedDirective} blocked ${e.blockedURI || 'inline'} ${e.sample}`,
            ),
          );
        });
        ctx.pages().forEach(watchPage);
        ctx.on('page', watchPage);
      };
      await watch(context);
      const newContext = browser.newContext.bind(browser);
      browser.newContext = async (...args) => {
        const created = await newContext(...args);
        await watch(created);
        return created;
      };
      await use().finally(() => {
        browser.newContext = newContext;
      });
      expect(violations, 'Content-Security-Policy violations').toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };
