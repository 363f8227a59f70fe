import { describe, expect, it } from 'vitest';
import {
  EXEMPT_ASSIGNED_VERIFIER_MESSAGE,
  EXEMPT_BUILDER_MESSAGE,
  exemptionRefusal,
  mayExempt,
  mayReview,
  ONLY_ASSIGNED_VERIFIER_MESSAGE,
  OWN_EXEMPTION_MESSAGE,
  OWN_RESOLUTION_MESSAGE,
  reviewRefusal,
} from './four-eyes';

describe('reviewRefusal', () => {
  it('with an assigned verifier, only the verifier reviews', () => {
    expect(reviewRefusal('resolver', { userId: 'verifier', verifierId: 'verifier' })).toBeNull();
    expect(reviewRefusal('resolver', { userId: 'someone', verifierId: 'verifier' })).toBe(ONLY_ASSIGNED_VERIFIER_MESSAGE);
  });

  it('never lets the resolver review, assigned verifier or not', () => {
    expect(reviewRefusal('verifier', { userId: 'verifier', verifierId: 'verifier' })).toBe(OWN_RESOLUTION_MESSAGE);
    expect(reviewRefusal('resolver', { userId: 'resolver', verifierId: null })).toBe(OWN_RESOLUTION_MESSAGE);
  });

  it('without an assigned verifier, anyone but the resolver reviews', () => {
    expect(reviewRefusal('resolver', { userId: 'someone' })).toBeNull();
    expect(reviewRefusal('resolver', { userId: 'someone', verifierId: '' })).toBeNull();
  });

  it('refuses a resolution with no recorded resolver, and a caller without an id', () => {
    expect(reviewRefusal(null, { userId: 'someone' })).toBe(OWN_RESOLUTION_MESSAGE);
    expect(reviewRefusal('resolver', { userId: '' })).toBe(OWN_RESOLUTION_MESSAGE);
  });

  it('mayReview answers the same', () => {
    expect(mayReview('resolver', { userId: 'verifier', verifierId: 'verifier' })).toBe(true);
    expect(mayReview('resolver', { userId: 'someone', verifierId: 'verifier' })).toBe(false);
  });
});

describe('exemptionRefusal', () => {
  const builder = { userId: 'builder', buildsComparisons: true };
  const verifyOnly = { userId: 'checker', buildsComparisons: false };

  it('never lets the resolver exempt their own resolution, whatever their role or assignment', () => {
    expect(exemptionRefusal('builder', builder)).toBe(OWN_EXEMPTION_MESSAGE);
    expect(exemptionRefusal('v', { userId: 'v', verifierId: 'v', buildsComparisons: true })).toBe(OWN_EXEMPTION_MESSAGE);
  });

  it('with an assigned verifier, only the verifier exempts', () => {
    expect(exemptionRefusal('resolver', { ...verifyOnly, verifierId: 'checker' })).toBeNull();
    expect(exemptionRefusal('resolver', { ...builder, verifierId: 'checker' })).toBe(EXEMPT_ASSIGNED_VERIFIER_MESSAGE);
  });

  it('without an assigned verifier, someone who builds comparisons exempts; a verify-only user does not', () => {
    expect(exemptionRefusal('resolver', builder)).toBeNull();
    expect(exemptionRefusal('resolver', { ...builder, verifierId: null })).toBeNull();
    expect(exemptionRefusal('resolver', verifyOnly)).toBe(EXEMPT_BUILDER_MESSAGE);
  });

  it('fails closed without a caller or a resolver', () => {
    expect(exemptionRefusal('resolver', undefined)).not.toBeNull();
    expect(exemptionRefusal(null, builder)).not.toBeNull();
    expect(mayExempt('resolver', builder)).toBe(true);
    expect(mayExempt('builder', builder)).toBe(false);
  });
});
