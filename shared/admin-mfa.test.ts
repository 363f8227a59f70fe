import { describe, expect, it } from 'vitest';
import { adminMfaGate, fullSsnFileGate } from './admin-mfa';

const list = 'GET /api/organizations';
const me = 'GET /api/me';

describe('adminMfaGate', () => {
  it('refuses an administrator without MFA every route but their own record', () => {
    for (const role of ['ADMIN', 'ADMIN_COMPARER', 'AGENCY_ADMIN', 'ORGANIZATION_ADMIN']) {
      expect(adminMfaGate({ required: true, user: { role }, hasMfa: false, routeKey: list })).toBe('mfa_required');
      expect(adminMfaGate({ required: true, user: { role }, hasMfa: false, routeKey: 'DELETE /api/organizations/{organization_id}' })).toBe('mfa_required');
      expect(adminMfaGate({ required: true, user: { role }, hasMfa: false, routeKey: me })).toBe('allow');
      expect(adminMfaGate({ required: true, user: { role }, hasMfa: false, routeKey: 'PATCH /api/me' })).toBe('allow');
    }
  });

  it('lets an administrator with MFA through', () => {
    expect(adminMfaGate({ required: true, user: { role: 'ADMIN' }, hasMfa: true, routeKey: list })).toBe('allow');
  });

  it('leaves the other roles their choice', () => {
    for (const role of ['AGENCY_USER', 'ORGANIZATION_COMPARER', 'ORGANIZATION_USER', 'COMPANY_ADMIN', 'COMPANY_USER']) {
      expect(adminMfaGate({ required: true, user: { role }, hasMfa: false, routeKey: list })).toBe('allow');
    }
  });

  it('hands a file of full SSNs only to a session signed in with MFA, where the stage requires it', () => {
    expect(fullSsnFileGate({ required: true, hasMfa: false })).toBe('mfa_required');
    expect(fullSsnFileGate({ required: true, hasMfa: true })).toBe('allow');
    expect(fullSsnFileGate({ required: false, hasMfa: false })).toBe('allow');
  });

  it('does nothing where the stage does not require it (the local stack)', () => {
    expect(adminMfaGate({ required: false, user: { role: 'ADMIN' }, hasMfa: false, routeKey: list })).toBe('allow');
  });
});
