/** The same story in the dark theme (every component's states are shown light and dark). */
export const inDark = <S extends object>(story: S): S => ({ ...story, globals: { theme: 'dark' } });
