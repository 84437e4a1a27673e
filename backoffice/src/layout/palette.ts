// Podium's colours for MUI, from the values the storefront's design system reads
// (shared/theme-colors.ts): cream pages, ink text and app bar, terracotta for what is clickable.
// Without react-admin, so the login screen (loaded on its own) uses it too. Every pairing keeps
// WCAG AA: white on brand.700 and on ink.900, ink.600 and brand.700 on the cream, each 4.5:1 or more.
import type { PaletteOptions } from '@mui/material';
import { brand, errorRed, ink, surface } from '@podium/shared/theme-colors';

export const podiumPalette: PaletteOptions = {
  mode: 'light',
  primary: { light: brand[500], main: brand[700], dark: brand[800], contrastText: '#ffffff' },
  // The app bar and the dark surfaces.
  secondary: { light: ink[700], main: ink[900], dark: ink[950], contrastText: '#ffffff' },
  error: { main: errorRed, contrastText: '#ffffff' },
  // MUI's own orange (3.1:1 under white text) fails WCAG AA on the status chips; amber-700 passes (5:1).
  warning: { main: '#b45309', contrastText: '#ffffff' },
  background: { default: surface.page, paper: surface.panel },
  text: { primary: ink[900], secondary: ink[600] },
  divider: surface.border,
};
