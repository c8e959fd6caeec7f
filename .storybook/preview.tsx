import type { Preview } from '@storybook/react-vite';
import { withThemeByClassName } from '@storybook/addon-themes';
import { createPreviewAnnotations } from 'msw-storybook-addon/preview';
import { configure } from 'storybook/test';
import { darkTheme, lightTheme } from '../packages/ui/src/theme';
import '../packages/ui/src/theme/global.css';

// Play functions' findBy*/waitFor wait up to 5 s: a loaded 2-core CI machine is slow, not wrong.
configure({ asyncUtilTimeout: 5000 });

// MSW: stories add contract-typed handlers with `beforeEach: ({ msw }) => msw.use(...)`.
const msw = createPreviewAnnotations();

const preview: Preview = {
  beforeEach: msw.beforeEach,
  decorators: [
    // The theme class goes on <html> so Radix portals (dialogs, menus, tooltips) inherit it.
    withThemeByClassName({
      themes: { light: lightTheme, dark: darkTheme },
      defaultTheme: 'light',
      parentSelector: 'html',
    }),
  ],
  parameters: {
    layout: 'padded',
    // axe fails a story on violations only: it details no other result type (its slowest step).
    a11y: { test: 'error', options: { resultTypes: ['violations'] } },
    controls: { matchers: { color: /(background|color)$/i, date: /Date$/i } },
  },
  tags: ['autodocs'],
};
export default preview;
