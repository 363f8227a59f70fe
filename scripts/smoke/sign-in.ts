import { fetchAuthSession, signIn, signOut } from 'aws-amplify/auth';
import { configureAmplify, parseRuntimeConfig, type RuntimeConfig } from '../../web/src/config/runtime-config';

/** A stage's /config.json, read and checked by the same code as the SPA's. */
export async function readStageConfig(baseUrl: string): Promise<RuntimeConfig> {
  const res = await fetch(`${baseUrl}/config.json`, { cache: 'no-store' });
  if (!res.ok) throw new Error(`GET /config.json answered ${res.status}`);
  return parseRuntimeConfig(await res.json());
}

/**
 * Signs in as the SPA does: aws-amplify configured from /config.json, SRP (the deployed app client
 * allows nothing else) unless the config asks for USER_PASSWORD_AUTH (the local stack, whose
 * cognito-local has no SRP). Answers the ID token the SPA sends as its bearer token. A user who
 * must first set a password or answer an MFA challenge cannot smoke-test: that is an error.
 */
export async function signInAsSpa(config: RuntimeConfig, email: string, password: string): Promise<string> {
  configureAmplify(config);
  await signOut().catch(() => undefined);
  const authFlowType = config.authFlowType === 'USER_PASSWORD_AUTH' ? 'USER_PASSWORD_AUTH' : 'USER_SRP_AUTH';
  const result = await signIn({ username: email, password, options: { authFlowType } });
  if (!result.isSignedIn) {
    throw new Error(`Cognito asks for ${result.nextStep.signInStep} first: use a user with a permanent password and no MFA`);
  }
  const token = (await fetchAuthSession()).tokens?.idToken?.toString();
  if (!token) throw new Error('signed in, but the session holds no ID token');
  return token;
}
