import { createTheme, createGlobalTheme } from '@vanilla-extract/css';
import { vars } from './contract.css';
import { fontFamily, fontSize, fontWeight, radius, space, widgetPrimary, zIndex } from './tokens';

const shared = {
  space,
  radius,
  font: fontFamily,
  fontSize,
  fontWeight,
  zIndex,
};

const lightColors = {
  background: '#f7f8fc',
  surface: '#ffffff',
  surfaceRaised: '#ffffff',
  surfaceSunken: '#eef0f6',
  border: '#dfe3ec',
  borderStrong: '#b8bfcf',
  text: '#1a202c',
  textMuted: '#5a6478',
  textInverse: '#ffffff',
  primary: '#4c5fd5',
  primaryHover: '#3b4cc0',
  primaryText: '#ffffff',
  primarySubtle: '#e8ebfc',
  danger: '#c53030',
  dangerHover: '#9b2c2c',
  dangerSubtle: '#fde8e8',
  dangerText: '#9b2c2c',
  success: '#2f855a',
  successSubtle: '#e3f6ea',
  successText: '#22543d',
  warning: '#b7791f',
  warningSubtle: '#fdf3d8',
  warningText: '#744210',
  info: '#2b6cb0',
  infoSubtle: '#e3eefa',
  infoText: '#2a4365',
  focusRing: '#4c5fd5',
  overlay: 'rgba(15, 20, 35, 0.55)',
};

const darkColors: typeof lightColors = {
  background: '#0f1320',
  surface: '#171c2c',
  surfaceRaised: '#1f2538',
  surfaceSunken: '#0b0e18',
  border: '#2c3450',
  borderStrong: '#4a5475',
  text: '#edf0f7',
  textMuted: '#a3acc2',
  textInverse: '#0f1320',
  primary: '#8b9cf4',
  primaryHover: '#a5b3f7',
  primaryText: '#0f1320',
  primarySubtle: '#262e4f',
  danger: '#fc8181',
  dangerHover: '#feb2b2',
  dangerSubtle: '#3b1f26',
  dangerText: '#feb2b2',
  success: '#68d391',
  successSubtle: '#1b3327',
  successText: '#9ae6b4',
  warning: '#f6c453',
  warningSubtle: '#3a3017',
  warningText: '#fbd38d',
  info: '#63b3ed',
  infoSubtle: '#17293f',
  infoText: '#90cdf4',
  focusRing: '#a5b3f7',
  overlay: 'rgba(0, 0, 0, 0.65)',
};

const lightShadow = {
  sm: '0 1px 2px rgba(16, 24, 40, 0.06)',
  md: '0 4px 12px rgba(16, 24, 40, 0.10)',
  lg: '0 12px 32px rgba(16, 24, 40, 0.18)',
};
const darkShadow = {
  sm: '0 1px 2px rgba(0, 0, 0, 0.4)',
  md: '0 4px 12px rgba(0, 0, 0, 0.45)',
  lg: '0 12px 32px rgba(0, 0, 0, 0.55)',
};

/**
 * Fallback so that an element outside any themed root still renders with light values. It comes
 * first and uses :where() (zero specificity), so a theme class on <html> always wins over it.
 */
createGlobalTheme(':where(:root)', vars, { ...shared, color: lightColors, shadow: lightShadow });

/** Light console theme: the class goes on `<html>` so Radix portals inherit it. */
export const lightTheme = createTheme(vars, { ...shared, color: lightColors, shadow: lightShadow });

/** Dark console theme. */
export const darkTheme = createTheme(vars, { ...shared, color: darkColors, shadow: darkShadow });

/** Widget theme: primary `#667eea` (the spec's widget colour), overridable per snippet. */
export const widgetTheme = createTheme(vars, {
  ...shared,
  color: {
    ...lightColors,
    primary: widgetPrimary,
    primaryHover: '#5a6fd8',
    focusRing: widgetPrimary,
  },
  shadow: lightShadow,
});
