// Plain-logic test files run in node (`// @vitest-environment node`): they need none of the DOM
// setup (jest-dom matchers, Testing Library cleanup, Radix polyfills), so it is loaded only in jsdom.
if (typeof window !== 'undefined') await import('./domSetup');
export {};
