import { Amplify } from 'aws-amplify';
import { USER_POOL_PASSWORD_POLICY } from '../../../shared/password-policy';

/** What /config.json carries: written by the CDK web construct in AWS and by infra/local locally. */
export interface RuntimeConfig {
  region?: string;
  userPoolId: string;
  userPoolClientId: string;
  userPoolEndpoint?: string;
  authFlowType?: 'USER_PASSWORD_AUTH' | 'USER_SRP_AUTH';
  contactUrl?: string;
  inactivity?: {
    warningAfterMs?: number;
    countdownSeconds?: number;
    checkEveryMs?: number;
    // Browser tests on localhost need to see the sign-out the spec skips there.
    signOutOnLocalhost?: boolean;
  };
  local?: boolean;
}

export class ConfigurationError extends Error {}

/*
 * The body is checked field by field rather than with a zod schema: this module is part of the
 * sign-in page's first load, where zod's core would weigh more than all of our own code.
 */
type Rule<T> = { expected: string; read: (value: unknown) => T | undefined };
type Body = Record<string, unknown>;

const text: Rule<string> = { expected: 'a string', read: (v) => (typeof v === 'string' ? v : undefined) };
const nonEmptyText: Rule<string> = { expected: 'a non-empty string', read: (v) => (typeof v === 'string' && v ? v : undefined) };
const flag: Rule<boolean> = { expected: 'true or false', read: (v) => (typeof v === 'boolean' ? v : undefined) };
const positive: Rule<number> = { expected: 'a positive number', read: (v) => (typeof v === 'number' && Number.isFinite(v) && v > 0 ? v : undefined) };
const authFlow: Rule<'USER_PASSWORD_AUTH' | 'USER_SRP_AUTH'> = {
  expected: 'USER_PASSWORD_AUTH or USER_SRP_AUTH',
  read: (v) => (v === 'USER_PASSWORD_AUTH' || v === 'USER_SRP_AUTH' ? v : undefined),
};
const isBody = (v: unknown): v is Body => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Reads a config body; a body without the pool settings is a deployment fault, not a user one. */
export function parseRuntimeConfig(body: unknown): RuntimeConfig {
  if (!isBody(body)) throw new ConfigurationError('Invalid /config.json: expected an object');
  const problems: string[] = [];
  const field = <T>(from: Body, name: string, rule: Rule<T>, path = name): T | undefined => {
    const value = rule.read(from[name]);
    if (value === undefined && from[name] !== undefined) problems.push(`${path}: expected ${rule.expected}`);
    return value;
  };
  const required = <T>(name: string, rule: Rule<T>): T | undefined => {
    if (body[name] === undefined) problems.push(`${name}: missing, expected ${rule.expected}`);
    return field(body, name, rule);
  };
  const inactivity = body.inactivity;
  if (inactivity !== undefined && !isBody(inactivity)) problems.push('inactivity: expected an object');
  const config = {
    region: field(body, 'region', text),
    userPoolId: required('userPoolId', nonEmptyText),
    userPoolClientId: required('userPoolClientId', nonEmptyText),
    userPoolEndpoint: field(body, 'userPoolEndpoint', text),
    authFlowType: field(body, 'authFlowType', authFlow),
    contactUrl: field(body, 'contactUrl', text),
    inactivity: isBody(inactivity)
      ? {
          warningAfterMs: field(inactivity, 'warningAfterMs', positive, 'inactivity.warningAfterMs'),
          countdownSeconds: field(inactivity, 'countdownSeconds', positive, 'inactivity.countdownSeconds'),
          checkEveryMs: field(inactivity, 'checkEveryMs', positive, 'inactivity.checkEveryMs'),
          signOutOnLocalhost: field(inactivity, 'signOutOnLocalhost', flag, 'inactivity.signOutOnLocalhost'),
        }
      : undefined,
    local: field(body, 'local', flag),
  };
  const { userPoolId, userPoolClientId } = config;
  if (problems.length || !userPoolId || !userPoolClientId) throw new ConfigurationError(`Invalid /config.json: ${problems.join('; ')}`);
  return { ...config, userPoolId, userPoolClientId };
}

export async function loadRuntimeConfig(fetchImpl: typeof fetch = fetch): Promise<RuntimeConfig> {
  const response = await fetchImpl('/config.json', { cache: 'no-store' });
  if (!response.ok) throw new ConfigurationError(`GET /config.json answered ${response.status}`);
  return parseRuntimeConfig(await response.json());
}

export function configureAmplify(config: RuntimeConfig): void {
  Amplify.configure({
    Auth: {
      Cognito: {
        userPoolId: config.userPoolId,
        userPoolClientId: config.userPoolClientId,
        ...(config.userPoolEndpoint ? { userPoolEndpoint: config.userPoolEndpoint } : {}),
        loginWith: { email: true, username: true },
        // The Authenticator checks a new password (forced change, reset) against this, with SPEC §5's messages.
        passwordFormat: {
          minLength: USER_POOL_PASSWORD_POLICY.minLength,
          requireLowercase: USER_POOL_PASSWORD_POLICY.requireLowercase,
          requireUppercase: USER_POOL_PASSWORD_POLICY.requireUppercase,
          requireNumbers: USER_POOL_PASSWORD_POLICY.requireNumbers,
          requireSpecialCharacters: USER_POOL_PASSWORD_POLICY.requireSymbols,
        },
      },
    },
  });
}
