import { globalStyle } from '@vanilla-extract/css';
import { vars } from './contract.css';

globalStyle('html, body', {
  margin: 0,
  backgroundColor: vars.color.background,
  color: vars.color.text,
  fontFamily: vars.font.body,
  fontSize: vars.fontSize.md,
  lineHeight: 1.5,
});

globalStyle('*, *::before, *::after', { boxSizing: 'border-box' });
