import { createContext, useContext, useEffect, useState, type ReactNode } from 'react';
import { Alert } from '@aws-amplify/ui-react';
import { configureAmplify, loadRuntimeConfig, type RuntimeConfig } from './runtime-config';
import { MESSAGES } from './literals';

const RuntimeConfigContext = createContext<RuntimeConfig | null>(null);

export function useRuntimeConfig(): RuntimeConfig {
  const config = useContext(RuntimeConfigContext);
  if (!config) throw new Error('useRuntimeConfig outside RuntimeConfigProvider');
  return config;
}

type LoadState = { status: 'loading' } | { status: 'ready'; config: RuntimeConfig } | { status: 'failed' };

/**
 * Amplify must be configured before any Authenticator mounts, so nothing but `loading` renders
 * until it is.
 */
export function RuntimeConfigProvider({ children, loading }: { children: ReactNode; loading: ReactNode }) {
  const [state, setState] = useState<LoadState>({ status: 'loading' });

  useEffect(() => {
    let cancelled = false;
    loadRuntimeConfig()
      .then((config) => {
        configureAmplify(config);
        if (!cancelled) setState({ status: 'ready', config });
      })
      .catch((error: unknown) => {
        // The user can do nothing about it; the detail is for whoever deployed the stack.
        console.error(error);
        if (!cancelled) setState({ status: 'failed' });
      });
    return () => {
      cancelled = true;
    };
  }, []);

  if (state.status === 'loading') return loading;
  if (state.status === 'failed') {
    return (
      // Drawn with Amplify's Alert: this shows before the app (and MUI with it) is downloaded.
      <div style={{ maxWidth: '30rem', margin: '64px auto 0', padding: '0 16px' }}>
        <Alert variation="error">{MESSAGES.configurationError}</Alert>
      </div>
    );
  }
  return <RuntimeConfigContext.Provider value={state.config}>{children}</RuntimeConfigContext.Provider>;
}
