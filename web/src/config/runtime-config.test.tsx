import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { ConfigurationError, parseRuntimeConfig } from './runtime-config';
import { RuntimeConfigProvider, useRuntimeConfig } from './RuntimeConfigContext';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

function ShowPool() {
  return <p>pool {useRuntimeConfig().userPoolId}</p>;
}

describe('runtime config', () => {
  it('accepts the local stack configuration', () => {
    const config = parseRuntimeConfig({
      region: 'us-east-1',
      userPoolId: 'local_abc',
      userPoolClientId: 'client1',
      userPoolEndpoint: 'http://localhost:9229',
      authFlowType: 'USER_PASSWORD_AUTH',
      inactivity: { warningAfterMs: 2000, countdownSeconds: 3, checkEveryMs: 1000 },
      local: true,
    });

    expect(config.authFlowType).toBe('USER_PASSWORD_AUTH');
    expect(config.inactivity?.countdownSeconds).toBe(3);
  });

  it('refuses a configuration without the user pool', () => {
    expect(() => parseRuntimeConfig({ region: 'us-east-1' })).toThrow(ConfigurationError);
    expect(() => parseRuntimeConfig({ userPoolId: '', userPoolClientId: 'client1' })).toThrow(/userPoolId: expected a non-empty string/);
  });

  it('names every field of the wrong kind', () => {
    const body = { userPoolId: 'local_abc', userPoolClientId: 'client1', authFlowType: 'SRP', inactivity: { countdownSeconds: -3, checkEveryMs: 1000 } };
    expect(() => parseRuntimeConfig(body)).toThrow(
      'Invalid /config.json: authFlowType: expected USER_PASSWORD_AUTH or USER_SRP_AUTH; inactivity.countdownSeconds: expected a positive number',
    );
    expect(() => parseRuntimeConfig({ ...body, authFlowType: undefined, inactivity: 5 })).toThrow('inactivity: expected an object');
    expect(() => parseRuntimeConfig('{}')).toThrow(ConfigurationError);
  });

  it('shows the configuration error and logs the detail when the pool is missing', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => new Response(JSON.stringify({ region: 'us-east-1' }), { status: 200 })));
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => {});

    render(
      <RuntimeConfigProvider loading={<p>Loading</p>}>
        <ShowPool />
      </RuntimeConfigProvider>,
    );

    expect(await screen.findByText('Configuration error (see console) – please contact the administrator')).toBeTruthy();
    expect(consoleError).toHaveBeenCalled();
    expect(screen.queryByText(/pool/)).toBeNull();
  });

  it('renders the app once the configuration is loaded', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(JSON.stringify({ userPoolId: 'us-east-1_abc', userPoolClientId: 'client1' }), { status: 200 })),
    );

    render(
      <RuntimeConfigProvider loading={<p>Loading</p>}>
        <ShowPool />
      </RuntimeConfigProvider>,
    );

    expect(await screen.findByText('pool us-east-1_abc')).toBeTruthy();
  });
});
