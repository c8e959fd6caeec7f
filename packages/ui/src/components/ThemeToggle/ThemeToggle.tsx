import { forwardRef } from 'react';
import { useButton, useObjectRef } from 'react-aria';
import type { ThemeName } from '../../theme';
import * as styles from './ThemeToggle.css';
import { StrokeIcon } from '../../private/StrokeIcon';

export interface ThemeToggleProps {
  theme: ThemeName;
  onThemeChange: (theme: ThemeName) => void;
}

function SunIcon() {
  return (
    <StrokeIcon size={18} focusable="false" strokeLinecap="round">
      <circle cx="12" cy="12" r="4" />
      <path d="M12 2v2M12 20v2M4.9 4.9l1.4 1.4M17.7 17.7l1.4 1.4M2 12h2M20 12h2M4.9 19.1l1.4-1.4M17.7 6.3l1.4-1.4" />
    </StrokeIcon>
  );
}

function MoonIcon() {
  return (
    <StrokeIcon size={18} focusable="false" strokeLinejoin="round">
      <path d="M21 12.8A9 9 0 1 1 11.2 3a7 7 0 0 0 9.8 9.8z" />
    </StrokeIcon>
  );
}

/**
 * Switches between the light and dark console themes (react-aria `useButton`). The label names
 * the theme it switches to: 'Switch to dark theme' / 'Switch to light theme'.
 */
export const ThemeToggle = forwardRef<HTMLButtonElement, ThemeToggleProps>(function ThemeToggle(
  { theme, onThemeChange },
  forwardedRef,
) {
  const ref = useObjectRef(forwardedRef);
  const next: ThemeName = theme === 'dark' ? 'light' : 'dark';
  const { buttonProps } = useButton(
    { onPress: () => onThemeChange(next), 'aria-label': `Switch to ${next} theme` },
    ref,
  );
  return (
    <button {...buttonProps} ref={ref} className={styles.toggle}>
      {theme === 'dark' ? <SunIcon /> : <MoonIcon />}
    </button>
  );
});
