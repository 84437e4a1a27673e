import type { CheckboxOwnerState } from '@mui/material';
import { defaultTheme, type RaThemeOptions } from 'react-admin';

export const theme: RaThemeOptions = {
  ...defaultTheme,
  // MUI's own orange (3.1:1 under white text) fails WCAG AA on the status chips; amber-700 passes (5:1).
  palette: { ...defaultTheme.palette, primary: { main: '#334155' }, secondary: { main: '#7c3aed' }, warning: { main: '#b45309' } },
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
  },
};
