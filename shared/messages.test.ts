import { describe, it, expect } from 'vitest';
import * as m from './messages';

describe('validation messages (SPEC §5)', () => {
  it('uses the sign-in form wording', () => {
    expect(m.INVALID_EMAIL).toBe('Please enter a valid email');
    expect(m.REQUIRED).toBe('This field is required');
    expect(m.PASSWORDS_MUST_MATCH).toBe('Your passwords must match');
    expect(m.USERNAME_OR_EMAIL_LABEL).toBe('Username or email address');
  });

  it('states the password policy in the identity widget wording', () => {
    expect(m.passwordMinLength(8)).toBe('Password must have at least 8 characters');
    expect(m.passwordMinLength(6)).toBe('Password must have at least 6 characters');
    expect(m.PASSWORD_NEEDS_LOWERCASE).toBe('Password must have lower case letters');
    expect(m.PASSWORD_NEEDS_UPPERCASE).toBe('Password must have upper case letters');
    expect(m.PASSWORD_NEEDS_NUMBERS).toBe('Password must have numbers');
    expect(m.PASSWORD_NEEDS_SPECIAL_CHARACTERS).toBe('Password must have special characters');
  });
});

describe('error catalogue (SPEC §8)', () => {
  it('has the HTTP status texts and the generic error', () => {
    expect(m.UNAUTHORIZED_STATUS_TEXT).toBe('401 (Unauthorized)');
    expect(m.NOT_FOUND_STATUS_TEXT).toBe('404 (Not Found)');
    expect(m.GENERIC_ERROR).toBe('An error occurred');
    expect(m.fetchError('Failed to fetch')).toBe('A fetch error occurred: Failed to fetch');
  });

  it('explains plan limits', () => {
    expect(m.PLAN_DOES_NOT_SUPPORT_CARRIERS).toBe(
      "Your organization's plan does not support the Carriers functionality. Please contact DMS staff to upgrade the plan.",
    );
    expect(m.PLAN_DOES_NOT_SUPPORT_EMAIL_TEMPLATES).toBe(
      "Your organization's plan does not support customized email templates. Please contact DMS staff to upgrade the plan.",
    );
  });

  it('reports upload failures with the file name', () => {
    expect(m.taskFileIdNotFound('rates.pdf')).toBe('Task file ID not found for file rates.pdf');
    expect(m.errorGettingUploadUrl('rates.pdf', 'Forbidden')).toBe('Error getting upload URL rates.pdf: Forbidden');
    expect(m.errorUploadingToStorage('rates.pdf', 'Bad Request')).toBe('Error uploading file rates.pdf to storage: Bad Request');
    expect(m.errorVerifyingStorage('tf-1')).toBe('Error verifying storage for task file tf-1');
  });

  it("shows the verify error's own message, or the generic verify text", () => {
    expect(m.verifyStorageFailure('tf-1', 'Object missing')).toBe('Object missing');
    expect(m.verifyStorageFailure('tf-1')).toBe('Error verifying storage for task file tf-1');
    expect(m.verifyStorageFailure('tf-1', '')).toBe('Error verifying storage for task file tf-1');
  });

  it('has the identity messages verbatim', () => {
    expect(m.ALREADY_SIGNED_IN).toBe('There is already a signed in user.');
    expect(m.USER_ALREADY_CONFIRMED).toBe('User is already confirmed.');
    expect(m.ACCOUNT_NOT_CONFIRMED_ON_TIME).toBe('The account was not confirmed on time.');
    expect(m.REAUTHENTICATE_BUTTON).toBe('Click here to reauthenticate');
  });

  it('writes the configuration error with an en dash', () => {
    expect(m.CONFIGURATION_ERROR).toBe('Configuration error (see console) – please contact the administrator');
    expect(m.CONFIGURATION_ERROR).toContain('\u2013');
    expect(m.CONFIGURATION_ERROR).not.toContain(' - ');
  });
});

describe('inactivity warning (SPEC §4)', () => {
  it('counts down the seconds left', () => {
    expect(m.inactivityWarning(60)).toBe('Are you still here? This tool will time out in 60 seconds due to inactivity.');
    expect(m.inactivityWarning(5)).toBe('Are you still here? This tool will time out in 5 seconds due to inactivity.');
  });
});

it('titles the page Data Validation Platform', () => {
  expect(m.PAGE_TITLE).toBe('Data Validation Platform');
});
