import { createTheme } from '@mui/material/styles';
import { green, purple } from '@mui/material/colors';
import { LAYOUT } from './config/literals';

declare module '@mui/material/styles' {
  interface BreakpointOverrides {
    xxl: true;
  }
}

/** SPEC §9: primary purple, secondary green, breakpoints 0/480/768/992/1280/1536. */
export const theme = createTheme({
  palette: {
    primary: { main: purple[700] },
    secondary: { main: green[600] },
    background: { default: '#f7f5fa' },
  },
  breakpoints: { values: LAYOUT.breakpoints },
  components: {
    MuiButton: { defaultProps: { disableElevation: true } },
  },
});
