import { style } from '@vanilla-extract/css';

/** Keeps the width steady while the label switches between 'Copy' and 'Copied!'. */
export const copyButton = style({ minWidth: '6.5em' });
