import { vars } from '@parley/ui';

/**
 * The property groups that the screens' stylesheets repeat, as objects to spread into a style:
 * `style({ ...flexColumn(vars.space.md), padding: vars.space.lg })`. Spread in place, they give
 * the same declarations as the lines they stand for (none of a group's properties overlap, so
 * their order within it does not matter).
 */

type Justify = 'flex-start' | 'flex-end' | 'center' | 'space-between';
const justified = (justifyContent?: Justify) => (justifyContent ? { justifyContent } : {});

/** Children one under another with a gap (what the ui's Stack lays out). */
export const flexColumn = (gap: string) =>
  ({ display: 'flex', flexDirection: 'column', gap }) as const;

/** Children side by side, wrapping onto more lines, centred across (the ui's Inline). */
export const flexWrapRow = (gap: string, justifyContent?: Justify) =>
  ({
    display: 'flex',
    flexWrap: 'wrap',
    alignItems: 'center',
    gap,
    ...justified(justifyContent),
  }) as const;

/** Children side by side, wrapping, each as tall as the row. */
export const flexWrapItems = (gap: string, justifyContent?: Justify) =>
  ({ display: 'flex', flexWrap: 'wrap', gap, ...justified(justifyContent) }) as const;

/** Children side by side (no wrapping), centred across. */
export const flexRow = (gap: string, justifyContent?: Justify) =>
  ({ display: 'flex', alignItems: 'center', gap, ...justified(justifyContent) }) as const;

/** A list without bullets or the browser's indent. */
export const bareList = { listStyle: 'none', margin: 0, padding: 0 } as const;

/** A line of text without the browser's margins, in a size and a colour. */
export const textLine = (fontSize: string, color: string) =>
  ({ margin: 0, fontSize, color }) as const;

/** A box with a padding, a border and rounded corners. */
export const framed = (padding: string, border: string, borderRadius: string) =>
  ({ padding, border, borderRadius }) as const;

/** A choice drawn as a card (a label around a radio or a checkbox), marked while it is checked. */
export const choiceCard = (padding: string) =>
  ({
    ...framed(padding, `1px solid ${vars.color.border}`, vars.radius.md),
    cursor: 'pointer',
    color: vars.color.text,
  }) as const;
export const checkedChoice = {
  '&:has(input:checked)': { borderColor: vars.color.primary, background: vars.color.primarySubtle },
} as const;

/** The raised surface of a panel: the surface colour, the hairline border, rounded corners. */
export const surfaceBox = (borderRadius: string) =>
  ({
    background: vars.color.surface,
    border: `1px solid ${vars.color.border}`,
    borderRadius,
  }) as const;

/** Code-like text: the monospace font in a size and a colour. */
export const monoText = (fontSize: string, color: string) =>
  ({ fontFamily: vars.font.mono, fontSize, color }) as const;

/** A raised panel like the ui's Card: a padding inside the surface box, with the small shadow. */
export const raisedPanel = (padding: string) =>
  ({ padding, ...surfaceBox(vars.radius.lg), boxShadow: vars.shadow.sm }) as const;

interface FlexLayout {
  flexDirection?: 'row' | 'column';
  flexWrap?: 'wrap' | 'nowrap';
  alignItems?: string;
  justifyContent?: string;
  gap?: string;
}

/** Any other flex layout: `display: flex` with the properties given, in their order. */
export const flexBox = (layout: FlexLayout) => ({ display: 'flex', ...layout }) as const;
