import { z } from 'zod';
import { Amplify } from 'aws-amplify';
import { USER_POOL_PASSWORD_POLICY } from '../../../shared/validation';

/** What /config.json carries: written by the CDK web construct in AWS and by infra/local locally. */
export const RuntimeConfigSchema = z.object({
  region: z.string().optional(),
  userPoolId: z.string().min(1),
  userPoolClientId: z.string().min(1),
  userPoolEndpoint: z.string().optional(),
  authFlowType: z.enum(['USER_PASSWORD_AUTH', 'USER_SRP_AUTH']).optional(),
  contactUrl: z.string().optional(),
  inactivity: z
    .object({
      warningAfterMs: z.number().positive().optional(),
      countdownSeconds: z.number().positive().optional(),
      checkEveryMs: z.number().positive().optional(),
      // Browser tests on localhost need to see the sign-out the spec skips there.
      signOutOnLocalhost: z.boolean().optional(),
    })
    .optional(),
  local: z.boolean().optional(),
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
