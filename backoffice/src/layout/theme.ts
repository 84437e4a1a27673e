// The back office in Podium's colours (palette.ts) on react-admin's default theme, with table
// cells tight enough that every grid fits a 1280 px screen.
import type { CheckboxOwnerState } from '@mui/material';
import { defaultTheme, type RaThemeOptions } from 'react-admin';
import { podiumPalette } from './palette.ts';

export const theme: RaThemeOptions = {
  ...defaultTheme,
  palette: { ...defaultTheme.palette, ...podiumPalette },
  components: {
    ...defaultTheme.components,
    // React-admin's loading spinners come without a name; a screen reader says what they are.
    MuiCircularProgress: { defaultProps: { 'aria-label': 'Bezig met laden' } },
    MuiLinearProgress: { defaultProps: { 'aria-label': 'Bezig met laden' } },
    MuiCheckbox: {
      defaultProps: {
        // React-admin names a grid's row checkboxes with aria-label, which MUI puts on the wrapping
        // span (where it is not allowed) and not on the checkbox: moved to the input itself.
        slotProps: {
          root: { 'aria-label': undefined },
          input: (ownerState: CheckboxOwnerState & { 'aria-label'?: string }) => ({ 'aria-label': ownerState['aria-label'] }),
        },
      },
    },
    MuiTableCell: {
      styleOverrides: {
        ...defaultTheme.components?.MuiTableCell?.styleOverrides,
        // Half MUI's side padding between columns (the outer cells keep theirs), so the grids fit a
        // 1280 px screen; a button in a row keeps its label on one line.
        sizeSmall: { paddingLeft: 8, paddingRight: 8, '&:first-of-type:not(.MuiTableCell-paddingCheckbox)': { paddingLeft: 16 }, '&:last-of-type': { paddingRight: 16 } },
        body: { '& .MuiButton-root': { whiteSpace: 'nowrap' } },
      },
    },
  },
};
