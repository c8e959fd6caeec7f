import { render } from 'preact';
import { ChatPage } from './ChatPage';
import { listenConversation } from '../runtime';
import { pageTheme, readPageConfig } from './pageConfig';
import { chatLabels, pickLanguage } from '../i18n';
import { chatCss, themeCss } from '../styles';
import { pageCss } from './styles';
import { safeLocalStorage } from '../store';
import { askForPerson } from '../handoff';

/**
 * The public chat page /chatbot/{id}: the chat widget's UI full-page (its markdown, streaming,
 * translations and stored conversation), without the console. The server gives the agent in a
 * JSON element (see apps/server/src/chatbot).
 */
const html = document.documentElement;
const storage = safeLocalStorage();
const system = globalThis.matchMedia?.('(prefers-color-scheme: dark)');
const applyTheme = () =>
  html.classList.toggle('dark', pageTheme(storage, system?.matches ?? false) === 'dark');
applyTheme();
system?.addEventListener?.('change', applyTheme);

const config = readPageConfig(document);
const language = pickLanguage(config?.language, ...(navigator.languages ?? []), navigator.language);
html.lang = language;

const sheets = [
  chatCss,
  pageCss,
  themeCss(config?.primaryColor ?? '#667eea').replace(':host', ':root'),
];
try {
  document.adoptedStyleSheets = sheets.map((text) => {
    const sheet = new CSSStyleSheet();
    sheet.replaceSync(text);
    return sheet;
  });
} catch {
  // No constructable stylesheets (older browsers): a <style> element.
  const style = document.createElement('style');
  style.textContent = sheets.join('\n');
  document.head.appendChild(style);
}

const root = document.getElementById('root')!;
if (config) {
  document.title = config.agentName;
  render(
    <ChatPage
      config={config}
      labels={chatLabels[language]!}
      storage={storage}
      listen={listenConversation}
      person={{ ask: askForPerson }}
    />,
    root,
  );
}
