import { createTheme } from '@mui/material/styles';

const plum = '#5B2148';
const focusBlue = '#1A56B8';
/** Read-only values stay readable (WCAG 1.4.3, 4.5:1 or better); the dashed border says "not editable". */
const readOnlyText = 'rgba(0, 0, 0, 0.87)';
const readOnlyLabel = 'rgba(0, 0, 0, 0.66)';

export const theme = createTheme({
  palette: {
    primary: { main: plum, contrastText: '#FFFFFF' },
    secondary: { main: '#E0E0E0', contrastText: 'rgba(0, 0, 0, 0.87)' },
    background: { default: '#F5F5F5', paper: '#FFFFFF' },
  },
  components: {
    MuiCssBaseline: {
      styleOverrides: {
        // A focus ring that shows on every control, light or dark background (WCAG 2.4.7).
        ':focus-visible': { outline: `3px solid ${focusBlue}`, outlineOffset: 2 },
        '.MuiAppBar-root :focus-visible, .MuiFab-root:focus-visible': { outlineColor: '#FFFFFF' },
        '.MuiFab-root:focus-visible': { boxShadow: `0 0 0 6px ${focusBlue}` },
        // Buttons and card areas clear the outline in their own styles; their keyboard focus shows the ring.
        '.MuiButtonBase-root.Mui-focusVisible': { outline: `3px solid ${focusBlue}`, outlineOffset: 2 },
        '.MuiAppBar-root .MuiButtonBase-root.Mui-focusVisible': { outlineColor: '#FFFFFF' },
      },
    },
    MuiLink: { defaultProps: { underline: 'always' } },
    MuiInputBase: {
      styleOverrides: {
        input: {
          '&.Mui-disabled': { color: readOnlyText, WebkitTextFillColor: readOnlyText },
          '&.Mui-disabled::placeholder': { color: readOnlyLabel, fontStyle: 'italic', opacity: 1 },
        },
      },
    },
    MuiOutlinedInput: {
      styleOverrides: {
        root: { '&.Mui-disabled .MuiOutlinedInput-notchedOutline': { borderStyle: 'dashed' } },
      },
    },
    MuiInputLabel: { styleOverrides: { root: { '&.Mui-disabled': { color: readOnlyLabel } } } },
    MuiFormControlLabel: { styleOverrides: { label: { '&.Mui-disabled': { color: readOnlyText } } } },
  },
});
