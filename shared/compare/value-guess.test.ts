import { describe, expect, it } from 'vitest';
import { guessBaselineValue } from './value-guess';

describe('guessBaselineValue', () => {
  it('reads carrier codes as the baseline words they start', () => {
    const relationships = ['Employee', 'Spouse', 'Child'];
    expect(['EE', 'SP', 'CH'].map((c) => guessBaselineValue(c, relationships))).toEqual(['Employee', 'Spouse', 'Child']);
    expect(['M', 'F'].map((c) => guessBaselineValue(c, ['Male', 'Female']))).toEqual(['Male', 'Female']);
    expect(['MED', 'DEN', 'VIS'].map((c) => guessBaselineValue(c, ['MEDICAL', 'DENTAL', 'VISION', 'GROUP_LIFE_ADD']))).toEqual(['MEDICAL', 'DENTAL', 'VISION']);
  });

  it('reads initials and product names', () => {
    const tiers = ['Employee Only', 'Employee + Spouse', 'Employee + Child(ren)', 'Family'];
    expect(['ES', 'EC', 'FAM'].map((c) => guessBaselineValue(c, tiers))).toEqual(['Employee + Spouse', 'Employee + Child(ren)', 'Family']);
    const plans = ['HMO 20', 'PPO 500', 'HDHP 3000'];
    expect(['BCBS HMO 20 BLUE NE', 'BCBS PPO 500 OOA', 'BCBS HDHP 3000 HSA'].map((c) => guessBaselineValue(c, plans))).toEqual(['HMO 20', 'PPO 500', 'HDHP 3000']);
  });

  it('offers nothing when the value fits none, or more than one', () => {
    expect(guessBaselineValue('EE', ['Employee Only', 'Employee + Spouse'])).toBeNull();
    expect(guessBaselineValue('BLIFE', ['MEDICAL', 'GROUP_LIFE_ADD'])).toBeNull();
    expect(guessBaselineValue('DPPO LOW', ['Dental Low', 'Dental High'])).toBeNull();
    expect(guessBaselineValue('', ['Employee'])).toBeNull();
  });
});
