import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { api } from '../support/api';
import { createUserAsAdmin, demoIds, emailsTo } from '../support/users';

/**
 * A bounced address is not e-mailed again. The local SES answers a send to SES's mailbox
 * simulator with the bounce or complaint event AWS would publish (infra/local/ses-feedback.ts),
 * through the same handler as the stage's SNS topic.
 */
const ADMIN = 'admin@demo.example';
const simulator = (kind: 'bounce' | 'complaint') => `${kind}+${randomUUID()}@simulator.amazonses.com`;

describe('the e-mail suppression list', () => {
  it('a user whose invitation bounced is not e-mailed again, their page says so, and an administrator can clear it', async () => {
    const email = simulator('bounce');
    const user = await createUserAsAdmin({ email, role: 'ADMIN_COMPARER' });
    expect(await emailsTo(email)).toHaveLength(1);

    const identity = await api('GET', `/api/admin/users/${user.id}/identity`, { as: ADMIN });
    expect(identity.status).toBe(200);
    expect(identity.body.email_suppression).toMatchObject({ reason: 'BOUNCE', detail: 'Permanent/General', suppressed_at: expect.any(String) });

    const resent = await api('POST', `/api/admin/users/${user.id}/resend_invitation`, { as: ADMIN, body: {} });
    expect(resent.status).toBe(200);
    expect(resent.body.email_suppression).toMatchObject({ reason: 'BOUNCE' });
    expect(await emailsTo(email)).toHaveLength(1);

    const cleared = await api('POST', `/api/admin/users/${user.id}/clear_email_suppression`, { as: ADMIN, body: {} });
    expect(cleared.status).toBe(200);
    expect(cleared.body.email_suppression).toBeNull();
    expect((await api('GET', `/api/admin/users/${user.id}/identity`, { as: ADMIN })).body.email_suppression).toBeNull();

    // Cleared, the address is e-mailed again (and, being the simulator's, bounces again).
    await api('POST', `/api/admin/users/${user.id}/resend_invitation`, { as: ADMIN, body: {} });
    expect(await emailsTo(email)).toHaveLength(2);
    expect((await api('GET', `/api/admin/users/${user.id}/identity`, { as: ADMIN })).body.email_suppression).toMatchObject({ reason: 'BOUNCE' });
  });

  it('a complaint suppresses the address too', async () => {
    const email = simulator('complaint');
    const user = await createUserAsAdmin({ email, role: 'ADMIN_COMPARER' });
    const identity = await api('GET', `/api/admin/users/${user.id}/identity`, { as: ADMIN });
    expect(identity.body.email_suppression).toMatchObject({ reason: 'COMPLAINT' });
  });

  it('a user who may not manage the bounced user cannot clear it (404), and it stays', async () => {
    const ids = await demoIds();
    const email = simulator('bounce');
    const user = await createUserAsAdmin({ email, role: 'COMPANY_USER', organization_id: ids.org1, company_id: ids.company1 });
    const res = await api('POST', `/api/companies/${ids.company1}/users/${user.id}/clear_email_suppression`, { as: 'company-user@demo.example', body: {} });
    expect(res.status).toBe(404);
    expect((await api('GET', `/api/admin/users/${user.id}/identity`, { as: ADMIN })).body.email_suppression).toMatchObject({ reason: 'BOUNCE' });
  });

  it('an address that never bounced shows no suppression', async () => {
    const user = await createUserAsAdmin({ email: `ok-${randomUUID()}@test.example`, role: 'ADMIN_COMPARER' });
    expect((await api('GET', `/api/admin/users/${user.id}/identity`, { as: ADMIN })).body.email_suppression).toBeNull();
  });
});
