import { ThemeProvider } from '@mui/material/styles';
import CssBaseline from '@mui/material/CssBaseline';
import { Authenticator } from '@aws-amplify/ui-react';
import { SWRConfig } from 'swr';
import { swrConfig } from './api/swr';
import { AuthGate } from './auth/AuthGate';
import { RuntimeConfigProvider } from './config/RuntimeConfigContext';
import { SnackbarProvider } from './feedback/SnackbarProvider';
import { theme } from './theme';

export function App() {
  return (
    <ThemeProvider theme={theme}>
      <CssBaseline />
      <RuntimeConfigProvider>
        <Authenticator.Provider>
          <SnackbarProvider>
            <SWRConfig value={swrConfig}>
              <AuthGate />
            </SWRConfig>
          </SnackbarProvider>
        </Authenticator.Provider>
      </RuntimeConfigProvider>
    </ThemeProvider>
  );
}
