export { vars } from './contract.css';
export { focusOutline } from './focusOutline';
export { lightTheme, darkTheme, widgetTheme } from './themes.css';
export * as tokens from './tokens';
export { avatarColors, widgetPrimary, media, breakpoints } from './tokens';
export type ThemeName = 'light' | 'dark';
