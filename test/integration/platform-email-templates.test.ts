import { describe, expect, it } from 'vitest';
import { api } from '../support/api';

/**
 * The platform's e-mail texts: the DMS Admin writes and resets them, everyone reads them, and an
 * organization without a text of its own reads the platform's.
 */
const ADMIN = 'admin@demo.example';
const ORG_ADMIN = 'org-admin@demo.example';
const TYPE = 'RENEWAL_TASK_ORGANIZATION_MANAGED';
const PATH = `/api/platform-email-templates/${TYPE}`;

type Row = { email_type: string; subject: string; source: string; customized: boolean; updated_at: string | null };
const rowOf = (items: Row[]) => items.find((t) => t.email_type === TYPE)!;

describe('platform e-mail templates', () => {
  it('the DMS Admin writes a text, replaces it only with the updated_at read (stale: 409) and resets it to the default', async () => {
    const organizationId = (await api('GET', '/api/me', { as: ORG_ADMIN })).body.organization_id as string;
    const before = rowOf((await api('GET', '/api/platform-email-templates', { as: ADMIN })).body.items);

    const created = await api('PUT', PATH, { as: ADMIN, body: { subject: 'Platform subject', body: 'Platform text {{company_name}}' } });
    expect(created.status).toBe(200);
    expect(created.body).toMatchObject({ email_type: TYPE, subject: 'Platform subject', source: 'PLATFORM', customized: true });

    const organization = rowOf((await api('GET', `/api/organizations/${organizationId}/email_templates`, { as: ORG_ADMIN })).body.items);
    if (organization.source !== 'ORGANIZATION') expect(organization).toMatchObject({ source: 'PLATFORM', subject: 'Platform subject' });

    const stale = await api('PUT', PATH, { as: ADMIN, body: { subject: 'Again', body: 'Again' } });
    expect(stale.status).toBe(409);
    const replaced = await api('PUT', PATH, { as: ADMIN, body: { subject: 'Replaced', body: 'Replaced', updated_at: created.body.updated_at } });
    expect(replaced.status).toBe(200);
    expect(replaced.body.subject).toBe('Replaced');

    const reset = await api('DELETE', PATH, { as: ADMIN });
    expect(reset.status).toBe(200);
    expect(reset.body).toMatchObject({ source: 'DEFAULT', customized: false, subject: before.source === 'DEFAULT' ? before.subject : expect.any(String) });
  });

  it('refuses the writes to everyone but the DMS Admin (404) and an unknown type (400 naming email_type)', async () => {
    expect((await api('PUT', PATH, { as: ORG_ADMIN, body: { subject: 'x', body: 'y' } })).status).toBe(404);
    expect((await api('DELETE', PATH, { as: ORG_ADMIN })).status).toBe(404);
    const unknown = await api('PUT', '/api/platform-email-templates/NOPE', { as: ADMIN, body: { subject: 'x', body: 'y' } });
    expect(unknown.status).toBe(400);
    expect(unknown.body.errors).toHaveProperty('email_type');
  });
});
