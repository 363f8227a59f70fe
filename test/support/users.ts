import { randomUUID } from 'node:crypto';
import { AdminGetUserCommand, AdminSetUserPasswordCommand } from '@aws-sdk/client-cognito-identity-provider';
import { cognitoClient } from '../../infra/local/cognito';
import { DEMO_PASSWORD, demoCompanies, demoOrganizations } from '../../infra/local/demo-data';
import { api, endpoints, runtimeConfig } from './api';

/**
 * Helpers of the user-management tests: the demo tenant's ids, fresh users with unique e-mails,
 * and direct looks at Cognito and the SES store (what the API did, not what it said it did).
 */
export const uniqueEmail = (prefix = 'u') => `${prefix}-${randomUUID()}@test.example`;

export interface DemoIds {
  org1: string;
  org2: string;
  company1: string;
  company2: string;
  company3: string;
  agency: string;
}

let idsPromise: Promise<DemoIds> | undefined;

/**
 * The demo tenant's ids. org1, company1 and the agency come from demo users' /api/me; org2 and the
 * other companies (no demo user lives there) from the table, read the way the seed wrote them.
 */
export function demoIds(): Promise<DemoIds> {
  return (idsPromise ??= (async () => {
    const companyAdmin = (await api('GET', '/api/me', { as: 'company-admin@demo.example' })).body;
    const agencyAdmin = (await api('GET', '/api/me', { as: 'agency-admin@demo.example' })).body;
    Object.assign(process.env, {
      AWS_ENDPOINT_URL_DYNAMODB: endpoints().dynamodb,
      TABLE_NAME: 'dvp-local',
      AWS_REGION: 'us-east-1',
      AWS_ACCESS_KEY_ID: 'local',
      AWS_SECRET_ACCESS_KEY: 'local',
    });
    const { db } = await import('../../functions/lib/db/service');
    const { data: orgs } = await db().entities.organization.query.all({}).go({ pages: 'all' });
    const orgId = (key: string) => orgs.find((o) => o.name === demoOrganizations.find((d) => d.key === key)!.name)!.id;
    const companyId = async (key: string) => {
      const demo = demoCompanies.find((c) => c.key === key)!;
      const { data } = await db().entities.company.query.byOrganization({ organization_id: orgId(demo.organization) }).go({ pages: 'all' });
      return data.find((c) => c.name === demo.name)!.id;
    };
    return {
      org1: companyAdmin.organization_id,
      org2: orgId('org2'),
      company1: companyAdmin.company_id,
      company2: await companyId('company2'),
      company3: await companyId('company3'),
      agency: agencyAdmin.agency_id,
    };
  })());
}

async function pool() {
  const config = await runtimeConfig();
  return { client: cognitoClient(endpoints().cognito), userPoolId: config.userPoolId };
}

/** The Cognito account for an e-mail, or null: checks what the API left behind. */
export async function cognitoUser(email: string) {
  const { client, userPoolId } = await pool();
  try {
    const res = await client.send(new AdminGetUserCommand({ UserPoolId: userPoolId, Username: email }));
    return {
      status: res.UserStatus,
      enabled: res.Enabled,
      attributes: Object.fromEntries((res.UserAttributes ?? []).map((a) => [a.Name!, a.Value ?? ''])),
    };
  } catch (error) {
    if ((error as Error).name === 'UserNotFoundException') return null;
    throw error;
  }
}

/** Gives a created user the demo password, so `api(…, { as: email })` can sign in as them. */
export async function activate(email: string, password = DEMO_PASSWORD) {
  const { client, userPoolId } = await pool();
  await client.send(new AdminSetUserPasswordCommand({ UserPoolId: userPoolId, Username: email, Password: password, Permanent: true }));
}

export interface SentEmail {
  messageId: string;
  from: string;
  destination: { to: string[]; cc: string[]; bcc: string[] };
  subject: string;
  body: { text?: string; html?: string };
  at: number;
}

/** Mail the local SES received for this address. */
export async function emailsTo(address: string): Promise<SentEmail[]> {
  const store = (await (await fetch(`${endpoints().ses}/store`)).json()) as { emails: SentEmail[] };
  return store.emails.filter((e) => e.destination.to.some((to) => to.toLowerCase() === address.toLowerCase()));
}

/** Creates a user through the API as admin and returns the record. */
export async function createUserAsAdmin(body: Record<string, unknown>) {
  const res = await api('POST', '/api/admin/users', { as: 'admin@demo.example', body: { first_name: 'Test', last_name: 'User', ...body } });
  if (res.status !== 201) throw new Error(`create failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}

/** Is there a user record with this e-mail? (The admin listing, read in full.) */
export async function recordExists(email: string): Promise<boolean> {
  let cursor: string | null = null;
  do {
    const res: { body: { items: { email: string }[]; next: string | null } } = await api(
      'GET',
      `/api/admin/users?limit=1000${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
      { as: 'admin@demo.example' },
    );
    if (res.body.items.some((u) => u.email === email.toLowerCase())) return true;
    cursor = res.body.next;
  } while (cursor);
  return false;
}
