import { Authenticator } from '@aws-amplify/ui-react';
import { AuthGate } from './routes/AuthGate';
import { RuntimeConfigProvider } from './config/RuntimeConfigContext';
import { FullPageSpinner } from './components/FullPageSpinner';

/**
 * The providers every screen needs. The sign-in page is drawn without MUI; the MUI theme, the data
 * layer and the snackbar come with the signed-in app (routes/SignedInApp).
 */
export function App() {
  return (
    <RuntimeConfigProvider loading={<FullPageSpinner />}>
      <Authenticator.Provider>
        <AuthGate />
      </Authenticator.Provider>
    </RuntimeConfigProvider>
  );
}
