// zod's mini build: this module is part of the sign-in page's first load, and the full build would
// add more to it than the whole page's own code.
import * as z from 'zod/mini';
import { Amplify } from 'aws-amplify';
import { USER_POOL_PASSWORD_POLICY } from '../../../shared/password-policy';

const positive = () => z.optional(z.number().check(z.positive()));

/** What /config.json carries: written by the CDK web construct in AWS and by infra/local locally. */
export const RuntimeConfigSchema = z.object({
  region: z.optional(z.string()),
  userPoolId: z.string().check(z.minLength(1)),
  userPoolClientId: z.string().check(z.minLength(1)),
  userPoolEndpoint: z.optional(z.string()),
  authFlowType: z.optional(z.enum(['USER_PASSWORD_AUTH', 'USER_SRP_AUTH'])),
  contactUrl: z.optional(z.string()),
  inactivity: z.optional(
    z.object({
      warningAfterMs: positive(),
      countdownSeconds: positive(),
      checkEveryMs: positive(),
      // Browser tests on localhost need to see the sign-out the spec skips there.
      signOutOnLocalhost: z.optional(z.boolean()),
    }),
  ),
  local: z.optional(z.boolean()),
});
export type RuntimeConfig = z.infer<typeof RuntimeConfigSchema>;

export class ConfigurationError extends Error {}

/** Reads a config body; a body without the pool settings is a deployment fault, not a user one. */
export function parseRuntimeConfig(body: unknown): RuntimeConfig {
  const parsed = RuntimeConfigSchema.safeParse(body);
  if (!parsed.success) {
    throw new ConfigurationError(`Invalid /config.json: ${z.prettifyError(parsed.error)}`);
  }
  return parsed.data;
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
