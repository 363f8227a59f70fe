import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { demoUsers } from '../../infra/local/demo-data';
import { api, runtimeConfig, signIn } from '../support/api';

describe('the API on the local stack', () => {
  it('answers /api/health without a token', async () => {
    const res = await api('GET', '/api/health');
    expect(res.status).toBe(200);
    expect(res.body.status).toBe('ok');
  });

  it('refuses /api/me without a token, or with a forged one, with 401 and a message', async () => {
    const anonymous = await api('GET', '/api/me');
    const forged = await api('GET', '/api/me', { headers: { authorization: 'Bearer eyJhbGciOiJIUzI1NiJ9.e30.x' } });
    expect(anonymous).toEqual({ status: 401, body: { message: 'Unauthorized' } });
    expect(forged).toEqual({ status: 401, body: { message: 'Unauthorized' } });
  });

  it('answers an unknown route with 404 and a message', async () => {
    const res = await api('GET', '/api/no-such-thing', { as: 'admin@demo.example' });
    expect(res).toEqual({ status: 404, body: { message: 'Not found' } });
  });

  it('serves the runtime configuration the SPA signs in with', async () => {
    const config = await runtimeConfig();
    expect(config.userPoolId).toMatch(/\w+/);
    expect(config.userPoolClientId).toMatch(/\w+/);
    expect(config.userPoolEndpoint).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
  });

  it.each(demoUsers.map((u) => [u.email, u.role]))('gives %s the role %s from /api/me', async (email, role) => {
    const res = await api('GET', '/api/me', { as: email });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ email, role });
  });
});

describe('PATCH /api/me', () => {
  it('refuses malformed JSON with 400 and changes nothing', async () => {
    const before = await api('GET', '/api/me', { as: 'org-user@demo.example' });
    const res = await api('PATCH', '/api/me', {
      as: 'org-user@demo.example',
      rawBody: '{"first_name": ',
      headers: { 'content-type': 'application/json' },
    });
    const after = await api('GET', '/api/me', { as: 'org-user@demo.example' });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('The request body is not valid JSON.');
    // last_active_at moves on every visit; everything the request could have written stays.
    const { last_active_at: _a, ...unchanged } = after.body;
    const { last_active_at: _b, ...original } = before.body;
    expect(unchanged).toEqual(original);
  });

  it('refuses a body that tries to raise the caller’s role or move their tenant, naming the fields', async () => {
    const me = (await api('GET', '/api/me', { as: 'company-user@demo.example' })).body;
    const res = await api('PATCH', '/api/me', {
      as: 'company-user@demo.example',
      body: { first_name: 'Cody', last_name: 'Chen', role: 'ADMIN', organization_id: 'elsewhere', updated_at: me.updated_at },
    });
    const after = (await api('GET', '/api/me', { as: 'company-user@demo.example' })).body;
    expect(res.status).toBe(400);
    expect(Object.keys(res.body.errors)).toEqual(expect.arrayContaining(['role', 'organization_id']));
    expect(after.role).toBe('COMPANY_USER');
    expect(after.organization_id).toBe(me.organization_id);
  });

  it('names a missing required field', async () => {
    const me = (await api('GET', '/api/me', { as: 'org-task-manager@demo.example' })).body;
    const res = await api('PATCH', '/api/me', {
      as: 'org-task-manager@demo.example',
      body: { first_name: '', last_name: 'Tasker', updated_at: me.updated_at },
    });
    expect(res.status).toBe(400);
    expect(res.body.errors.first_name).toBe('This field is required');
  });

  it('updates the profile, then refuses a second write carrying the stale updated_at with 409', async () => {
    const me = (await api('GET', '/api/me', { as: 'org-comparer@demo.example' })).body;
    const first = await api('PATCH', '/api/me', {
      as: 'org-comparer@demo.example',
      body: { first_name: 'Omar', last_name: 'Ortega', phone: '(555) 010-2030', updated_at: me.updated_at },
    });
    const stale = await api('PATCH', '/api/me', {
      as: 'org-comparer@demo.example',
      body: { first_name: 'Other', last_name: 'Name', updated_at: me.updated_at },
    });
    const after = (await api('GET', '/api/me', { as: 'org-comparer@demo.example' })).body;
    expect(first.status).toBe(200);
    expect(first.body.phone).toBe('+15550102030');
    expect(stale.status).toBe(409);
    expect(after.last_name).toBe('Ortega');
  });

  it('accepts the web’s compressed body (gzip, then base64, as an octet-stream)', async () => {
    const me = (await api('GET', '/api/me', { as: 'agency-user@demo.example' })).body;
    const json = JSON.stringify({ first_name: 'Ari', last_name: 'Agent-Gzip', updated_at: me.updated_at });
    const res = await api('PATCH', '/api/me', {
      as: 'agency-user@demo.example',
      rawBody: gzipSync(json).toString('base64'),
      headers: { 'content-type': 'application/octet-stream', 'content-encoding': 'gzip' },
    });
    expect(res.status).toBe(200);
    expect(res.body.last_name).toBe('Agent-Gzip');
  });
});

describe('identity comes from the verified token only', () => {
  it('ignores identity claims in the body and query', async () => {
    const token = await signIn('company-user@demo.example');
    const admin = (await api('GET', '/api/me', { as: 'admin@demo.example' })).body;
    const res = await api('GET', `/api/me?user_id=${admin.id}&sub=${admin.id}`, {
      headers: { authorization: `Bearer ${token}`, 'x-user-id': admin.id },
    });
    expect(res.body.role).toBe('COMPANY_USER');
  });
});
