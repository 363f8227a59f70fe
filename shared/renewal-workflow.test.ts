import { describe, expect, it } from 'vitest';
import {
  advanceBlockers,
  checkAdvance,
  checkClose,
  checkItemEdit,
  checkItemStatus,
  checkSendBack,
  dateOrderErrors,
  selectableRenewalYears,
  sidesOf,
  type RenewalPlanState,
  type RenewalState,
} from './renewal-workflow';

const fresh = (over: Partial<RenewalState> = {}): RenewalState => ({
  step: 'CLIENT_INFORMATION',
  client_info_status: 'IN_PROGRESS',
  plans_checklist_status: 'IN_PROGRESS',
  demo_environment_status: 'IN_PROGRESS',
  ...over,
});
const filled = { enrollment_start_date: '2026-11-01', enrollment_end_date: '2026-11-15', enrollment_type: 'ACTIVE' };
const plan = (over: Partial<RenewalPlanState> = {}): RenewalPlanState => ({ id: 'p1', renewing: true, rates_changing: false, eligibility_changing: false, status: 'IN_PROGRESS', ...over });

describe('who works a renewal', () => {
  it('the company admin is the employer; GA roles are the GA, and the employer too when the organization manages it; others read', () => {
    expect(sidesOf('COMPANY_ADMIN', false)).toEqual(['employer']);
    expect(sidesOf('ORGANIZATION_TASK_MANAGER', false)).toEqual(['ga']);
    expect(sidesOf('AGENCY_USER', true)).toEqual(['ga', 'employer']);
    expect(sidesOf('COMPANY_USER', false)).toEqual([]);
    expect(sidesOf('ORGANIZATION_COMPARER', true)).toEqual([]);
  });
});

describe('moving a renewal on', () => {
  it('needs the client information filled, and submits it for review', () => {
    expect(checkAdvance(fresh(), [], ['employer'])).toMatchObject({ ok: false, status: 409, message: expect.stringContaining('enrollment start date') });
    expect(checkAdvance(fresh(filled), [], ['employer'])).toEqual({ ok: true, effects: { step: 'PLANS_CHECKLIST', client_info_status: 'PENDING_REVIEW' } });
  });

  it('refuses the side that does not own the step, naming who does', () => {
    expect(checkAdvance(fresh(filled), [], ['ga'])).toEqual({ ok: false, status: 409, message: 'Client Information is moved on by the employer.' });
  });

  it('needs every plan answered before the checklist goes to review', () => {
    const state = fresh({ ...filled, step: 'PLANS_CHECKLIST' });
    expect(checkAdvance(state, [], ['employer'])).toMatchObject({ ok: false, status: 409 });
    expect(checkAdvance(state, [plan({ rates_changing: null })], ['employer'])).toMatchObject({ ok: false, message: expect.stringContaining('1 plan(s)') });
    expect(checkAdvance(state, [plan()], ['employer'])).toMatchObject({ ok: true, effects: { step: 'GA_REVIEW_CLIENT_INFORMATION', plans_status: 'PENDING_REVIEW' } });
  });

  it('needs the GA approvals, the demo description and the employer approval of the demo in their steps', () => {
    expect(advanceBlockers(fresh({ step: 'GA_REVIEW_CLIENT_INFORMATION', client_info_status: 'PENDING_REVIEW' }), [])).toEqual(['Approve the client information first.']);
    expect(advanceBlockers(fresh({ step: 'GA_REVIEW_PLANS_CHECKLIST', plans_checklist_status: 'APPROVED' }), [plan({ status: 'PENDING_REVIEW' })])).toHaveLength(1);
    expect(advanceBlockers(fresh({ step: 'GA_REVIEW_PLANS_CHECKLIST', plans_checklist_status: 'APPROVED' }), [plan({ status: 'APPROVED' })])).toEqual([]);
    expect(checkAdvance(fresh({ step: 'GA_DEMO_ENVIRONMENT', demo_environment_notes: 'Portal: demo.example, user demo' }), [], ['ga'])).toEqual({
      ok: true,
      effects: { step: 'REVIEW_DEMO_ENVIRONMENT', demo_environment_status: 'PENDING_REVIEW' },
    });
    expect(checkAdvance(fresh({ step: 'REVIEW_DEMO_ENVIRONMENT', demo_environment_status: 'APPROVED' }), [], ['employer'])).toMatchObject({ ok: true, effects: { step: 'LIVE', go_live: true } });
    expect(checkAdvance(fresh({ step: 'LIVE' }), [], ['ga'])).toMatchObject({ ok: true, effects: { step: 'COMPLETED', completed: true } });
  });

  it('does not move a completed or closed renewal', () => {
    expect(checkAdvance(fresh({ step: 'COMPLETED' }), [], ['ga'])).toMatchObject({ ok: false, status: 409 });
    expect(checkClose(fresh({ step: 'CLOSED' }), ['ga'])).toMatchObject({ ok: false, status: 409 });
  });
});

describe('sending back and closing', () => {
  it('the reviewer sends a review step back to the step that fills it, reopening the item', () => {
    expect(checkSendBack(fresh({ step: 'GA_REVIEW_PLANS_CHECKLIST' }), ['ga'])).toEqual({
      ok: true,
      effects: { step: 'PLANS_CHECKLIST', plans_checklist_status: 'IN_PROGRESS', plans_status: 'IN_PROGRESS' },
    });
    expect(checkSendBack(fresh({ step: 'GA_REVIEW_PLANS_CHECKLIST' }), ['employer'])).toMatchObject({ ok: false, status: 409, message: expect.stringMatching(/by the (GA|employer)/) });
    expect(checkSendBack(fresh({ step: 'REVIEW_DEMO_ENVIRONMENT' }), ['employer'])).toMatchObject({ ok: true, effects: { step: 'GA_DEMO_ENVIRONMENT' } });
    expect(checkSendBack(fresh(), ['employer'])).toMatchObject({ ok: false, status: 409 });
  });

  it('only the GA closes, from any open step', () => {
    expect(checkClose(fresh({ step: 'GA_DEMO_ENVIRONMENT' }), ['ga'])).toEqual({ ok: true, effects: { step: 'CLOSED' } });
    expect(checkClose(fresh(), ['employer'])).toMatchObject({ ok: false, status: 409, message: expect.stringMatching(/by the (GA|employer)/) });
  });
});

describe('item statuses and edits', () => {
  it('the filling side submits, the reviewing side approves, returns or reopens', () => {
    expect(checkItemStatus('client_info', 'IN_PROGRESS', 'PENDING_REVIEW', ['employer'])).toBeNull();
    expect(checkItemStatus('client_info', 'PENDING_REVIEW', 'APPROVED', ['employer'])).toBe('The client information is reviewed by the GA.');
    expect(checkItemStatus('renewal_plan', 'PENDING_REVIEW', 'APPROVED', ['ga'])).toBeNull();
    expect(checkItemStatus('demo_environment', 'PENDING_REVIEW', 'APPROVED', ['employer'])).toBeNull();
    expect(checkItemStatus('demo_environment', 'PENDING_REVIEW', 'APPROVED', ['ga'])).not.toBeNull();
    expect(checkItemStatus('plans_checklist', 'APPROVED', 'IN_PROGRESS', ['ga'])).toBeNull();
    expect(checkItemStatus('plans_checklist', 'IN_PROGRESS', 'APPROVED', ['ga'])).toMatch(/cannot go from in progress to approved/);
  });

  it('approved answers are frozen, and only the filling side edits', () => {
    expect(checkItemEdit('client_info', 'IN_PROGRESS', 'CLIENT_INFORMATION', ['employer'])).toBeNull();
    expect(checkItemEdit('client_info', 'APPROVED', 'PLANS_CHECKLIST', ['employer'])).toMatch(/approved/);
    expect(checkItemEdit('demo_environment', 'IN_PROGRESS', 'GA_DEMO_ENVIRONMENT', ['employer'])).toMatch(/GA/);
    expect(checkItemEdit('client_info', 'IN_PROGRESS', 'CLOSED', ['employer'])).toMatch(/closed/);
  });

  it('dates that end before they start are named', () => {
    expect(dateOrderErrors({ enrollment_start_date: '2026-11-10', enrollment_end_date: '2026-11-01' })).toEqual({
      enrollment_end_date: 'The enrollment end date must not be before its start date.',
    });
    expect(dateOrderErrors({ enrollment_start_date: '2026-11-01', enrollment_end_date: '2026-11-01' })).toEqual({});
  });
});

it('offers 2025, 2026, this year and next', () => {
  expect(selectableRenewalYears(new Date('2026-11-24T00:00:00Z'))).toEqual([2025, 2026, 2027]);
  expect(selectableRenewalYears(new Date('2028-01-02T00:00:00Z'))).toEqual([2025, 2026, 2028, 2029]);
});
