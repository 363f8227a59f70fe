import fs from 'node:fs';
import { inject } from 'vitest';
import { DEMO_PASSWORD } from '../../infra/local/demo-data';
import { unhandledErrorsFile } from '../../infra/local/process-guard';
import { checkAnswer } from './contract';

/** Test helpers that talk to the running local stack exactly as a client would. */
export const stackUrl = () => inject('stackUrl');
export const endpoints = () => inject('stackEndpoints');

export interface RuntimeConfig {
  userPoolId: string;
  userPoolClientId: string;
  userPoolEndpoint: string;
}

export async function runtimeConfig(): Promise<RuntimeConfig> {
  return (await fetch(`${stackUrl()}/config.json`)).json() as Promise<RuntimeConfig>;
}

const tokens = new Map<string, string>();

/** Signs in with USER_PASSWORD_AUTH against the userPoolEndpoint of /config.json; returns the ID token. */
export async function signIn(email: string, password = DEMO_PASSWORD): Promise<string> {
  const cached = tokens.get(email);
  if (cached) return cached;
  const config = await runtimeConfig();
  const res = await fetch(config.userPoolEndpoint, {
    method: 'POST',
    headers: {
      'content-type': 'application/x-amz-json-1.1',
      'x-amz-target': 'AWSCognitoIdentityProviderService.InitiateAuth',
    },
    body: JSON.stringify({
      AuthFlow: 'USER_PASSWORD_AUTH',
      ClientId: config.userPoolClientId,
      AuthParameters: { USERNAME: email, PASSWORD: password },
    }),
  });
  const body = (await res.json()) as { AuthenticationResult?: { IdToken: string }; message?: string };
  if (!body.AuthenticationResult) throw new Error(`sign-in failed for ${email}: ${res.status} ${body.message}`);
  tokens.set(email, body.AuthenticationResult.IdToken);
  return body.AuthenticationResult.IdToken;
}

export interface ApiResponse<T = any> {
  status: number;
  body: T;
}

/** Calls the API as the given demo user (or anonymously with `as: null`). */
export async function api<T = any>(
  method: string,
  path: string,
  options: {
    as?: string | null;
    body?: unknown;
    rawBody?: BodyInit;
    headers?: Record<string, string>;
    /** For the tests that send what no client would (a body too large for the gateway, a broken token). */
    skipContractCheck?: boolean;
  } = {},
): Promise<ApiResponse<T>> {
  const headers: Record<string, string> = { ...options.headers };
  if (options.as) headers.authorization = `Bearer ${await signIn(options.as)}`;
  let body = options.rawBody;
  if (options.body !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(options.body);
  }
  const res = await fetch(`${stackUrl()}${path}`, { method, headers, body });
  const text = await res.text();
  let parsed: unknown = text;
  try {
    parsed = text ? JSON.parse(text) : undefined;
  } catch {
    /* not JSON */
  }
  if (!options.skipContractCheck) checkAnswer(method, path, res.status, parsed);
  return { status: res.status, body: parsed as T };
}

/**
 * The errors the stack left unhandled so far (infra/local/process-guard.ts), one parsed line each:
 * a test that sends bad input checks none was added. The guard keeps the server up, so without this
 * record such an error would pass unseen.
 */
export function unhandledErrors(): Array<{ message: string; work: string | null; error: { name: string; message: string } }> {
  const file = unhandledErrorsFile(inject('stackDataDir'));
  if (!fs.existsSync(file)) return [];
  return fs
    .readFileSync(file, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line));
}
