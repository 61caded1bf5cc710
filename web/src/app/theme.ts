import { createTheme } from '@mui/material/styles';

const plum = '#5B2148';
const focusBlue = '#1A56B8';

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
      },
    },
    MuiLink: { defaultProps: { underline: 'always' } },
  },
});
