/** Raw design tokens. Components never read these directly: they read `vars` from the contract. */
export const space = {
  none: '0',
  xxs: '2px',
  xs: '4px',
  sm: '8px',
  md: '12px',
  lg: '16px',
  xl: '24px',
  xxl: '32px',
  xxxl: '48px',
} as const;

export const radius = { sm: '4px', md: '8px', lg: '12px', xl: '16px', full: '9999px' } as const;

export const fontSize = {
  xs: '12px',
  sm: '13px',
  md: '14px',
  lg: '16px',
  xl: '20px',
  xxl: '24px',
  xxxl: '32px',
} as const;

export const fontWeight = { regular: '400', medium: '500', semibold: '600', bold: '700' } as const;

export const fontFamily = {
  body: 'Inter, system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  mono: 'ui-monospace, SFMono-Regular, Menlo, Consolas, "Liberation Mono", monospace',
} as const;

export const zIndex = {
  dropdown: '1000',
  drawer: '1100',
  overlay: '1200',
  modal: '1300',
  toast: '1400',
  tooltip: '1500',
} as const;

export const breakpoints = { sm: 640, md: 768, lg: 1024 } as const;

/** Media queries shared by components (mobile-first). */
export const media = {
  sm: `screen and (min-width: ${breakpoints.sm}px)`,
  md: `screen and (min-width: ${breakpoints.md}px)`,
  lg: `screen and (min-width: ${breakpoints.lg}px)`,
  belowMd: `screen and (max-width: ${breakpoints.md - 1}px)`,
} as const;

/** The widget primary colour from the spec; the snippet may override it. */
export const widgetPrimary = '#667eea';

/** The 12 fixed avatar colours; one is chosen by the first character of a name. */
export const avatarColors = [
  '#667eea',
  '#f56565',
  '#ed8936',
  '#ecc94b',
  '#48bb78',
  '#38b2ac',
  '#4299e1',
  '#0bc5ea',
  '#9f7aea',
  '#ed64a6',
  '#a0aec0',
  '#2d3748',
] as const;
