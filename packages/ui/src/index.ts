// The public surface of @parley/ui: exported by name (no re-export of every internal part).
export {
  vars,
  lightTheme,
  darkTheme,
  widgetTheme,
  avatarColors,
  widgetPrimary,
  media,
  focusOutline,
} from './theme';
export type { ThemeName } from './theme';
export { Button, buttonVariants, buttonSizes } from './components/Button';
export type { ButtonProps, ButtonVariant, ButtonSize } from './components/Button';
export * from './exports-forms';
export * from './exports-overlays';
export * from './exports-display';
export * from './exports-layout';
