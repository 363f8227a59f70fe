import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FULL_SSN_MFA_MESSAGE, MFA_REQUIRED_CODE, MFA_REQUIRED_MESSAGE } from '../../shared/admin-mfa';
import { DEMO_PASSWORD } from '../../infra/local/demo-data';
import { spawnStack, waitForReady, type StackProcess } from '../support/stack-process';
import { totp } from '../support/totp';

/**
 * Deployed stages hold administrators to two-step verification (REQUIRE_ADMIN_MFA, set by the CDK
 * stack). The shared local stack leaves it off, so this file starts a stack of its own with it on
 * and sets MFA up the way the profile page does, through the local Cognito.
 */
let stack: StackProcess;
let dataDir: string;
let url: string;
let cognitoEndpoint: string;
let clientId: string;

async function cognito<T = any>(target: string, body: unknown): Promise<{ status: number; body: T }> {
  const res = await fetch(cognitoEndpoint, {
    method: 'POST',
    headers: { 'content-type': 'application/x-amz-json-1.1', 'x-amz-target': `AWSCognitoIdentityProviderService.${target}` },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as T };
}

async function signIn(email: string) {
  const res = await cognito<{ AuthenticationResult?: { IdToken: string; AccessToken: string } }>('InitiateAuth', {
    AuthFlow: 'USER_PASSWORD_AUTH',
    ClientId: clientId,
    AuthParameters: { USERNAME: email, PASSWORD: DEMO_PASSWORD },
  });
  if (!res.body.AuthenticationResult) throw new Error(`sign-in failed for ${email}: ${res.status}`);
  return res.body.AuthenticationResult;
}

async function get(token: string, p: string) {
  const res = await fetch(`${url}${p}`, { headers: { authorization: `Bearer ${token}` } });
  return { status: res.status, body: (await res.json()) as any };
}

async function post(token: string, p: string, body: unknown) {
  const res = await fetch(`${url}${p}`, { method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, body: JSON.stringify(body) });
  return { status: res.status, body: (await res.json()) as any };
}

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'dvp-admin-mfa-'));
  stack = await spawnStack({ dataDir, env: { REQUIRE_ADMIN_MFA: '1' } });
  url = await waitForReady(stack);
  const config = (await (await fetch(`${url}/config.json`)).json()) as { userPoolEndpoint: string; userPoolClientId: string };
  cognitoEndpoint = config.userPoolEndpoint;
  clientId = config.userPoolClientId;
});

afterAll(async () => {
  await stack?.stop();
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('MFA required for administrators (REQUIRE_ADMIN_MFA on)', () => {
  it('refuses the DMS Admin without MFA every list with a message to set it up, answers /api/me, and lets them in once they have it', async () => {
    const { IdToken, AccessToken } = await signIn('admin@demo.example');

    const refused = await get(IdToken, '/api/organizations');
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({ message: MFA_REQUIRED_MESSAGE, code: MFA_REQUIRED_CODE });
    expect((await get(IdToken, '/api/admin/users')).status).toBe(403);
    const me = await get(IdToken, '/api/me');
    expect(me.status).toBe(200);
    expect(me.body.email).toBe('admin@demo.example');

    // What the profile page does: an authenticator app, verified with its first code, made preferred.
    const { body: associated } = await cognito<{ SecretCode: string }>('AssociateSoftwareToken', { AccessToken });
    const verified = await cognito<{ Status: string }>('VerifySoftwareToken', { AccessToken, UserCode: totp(associated.SecretCode) });
    expect(verified.body.Status).toBe('SUCCESS');
    const preferred = await cognito('SetUserMFAPreference', { AccessToken, SoftwareTokenMfaSettings: { Enabled: true, PreferredMfa: true } });
    expect(preferred.status).toBe(200);

    // The same session goes on: the API reads the new MFA status again shortly after.
    await expect.poll(async () => (await get(IdToken, '/api/organizations')).status, { timeout: 15_000, interval: 500 }).toBe(200);
  });

  it('holds the organization admin and the agency admin to it too, not the company admin', async () => {
    const orgAdmin = (await signIn('org-admin@demo.example')).IdToken;
    const me = await get(orgAdmin, '/api/me');
    expect(me.status).toBe(200);
    const companies = await get(orgAdmin, `/api/organizations/${me.body.organization_id}/companies`);
    expect(companies.status).toBe(403);
    expect(companies.body.code).toBe(MFA_REQUIRED_CODE);

    const agencyAdmin = (await signIn('agency-admin@demo.example')).IdToken;
    expect((await get(agencyAdmin, '/api/organizations')).status).toBe(403);

    // DMS Compare Access reaches every organization and exports full SSNs.
    const comparer = (await signIn('comparer@demo.example')).IdToken;
    const comparerList = await get(comparer, '/api/organizations');
    expect(comparerList.status).toBe(403);
    expect(comparerList.body).toEqual({ message: MFA_REQUIRED_MESSAGE, code: MFA_REQUIRED_CODE });
    expect((await get(comparer, '/api/me')).status).toBe(200);

    const companyAdmin = (await signIn('company-admin@demo.example')).IdToken;
    const company = (await get(companyAdmin, '/api/me')).body.company_id as string;
    expect((await get(companyAdmin, `/api/companies/${company}/comparisons`)).status).toBe(200);
  });

  it('asks any role for MFA before handing out a file of full SSNs: a company admin without it reads comparisons but cannot export', async () => {
    const companyAdmin = (await signIn('company-admin@demo.example')).IdToken;
    const company = (await get(companyAdmin, '/api/me')).body.company_id as string;
    const ran = await post(companyAdmin, `/api/companies/${company}/comparisons`, { name: 'MFA export probe', type: 'COMPARE_ONLY', audit_type: 'ENROLLMENT_AUDIT' });
    expect(ran.status).toBe(201);
    const exported = await post(companyAdmin, `/api/companies/${company}/comparisons/${ran.body.id}/export`, { kind: 'DISCREPANCIES' });
    expect(exported.status).toBe(403);
    expect(exported.body).toEqual({ message: FULL_SSN_MFA_MESSAGE, code: MFA_REQUIRED_CODE });
    expect((await get(companyAdmin, `/api/companies/${company}/comparisons/${ran.body.id}/data_point_discrepancies`)).status).toBe(200);
  });
});
