import { describe, expect, it } from 'vitest';
import { failureReason } from './failure';

describe('the reason recorded when a pipeline step fails', () => {
  it('passes the pipeline’s own messages through, from a Lambda JSON cause or a local one', () => {
    const message = 'Upload the carrier file before comparing.';
    const lambda = { Error: 'ComparisonNotRunnable', Cause: JSON.stringify({ errorType: 'ComparisonNotRunnable', errorMessage: message, trace: ['at x'] }) };
    const local = { Error: 'ComparisonNotRunnable', Cause: message };

    expect(failureReason(lambda)).toBe(message);
    expect(failureReason(local)).toBe(message);
  });

  it('words time-outs for a person', () => {
    expect(failureReason({ Error: 'States.Timeout', Cause: '' })).toMatch(/took longer than the time limit/);
    expect(failureReason({ Error: 'Sandbox.Timedout', Cause: 'Task timed out after 900.00 seconds' })).toMatch(/time limit/);
  });

  it('says the work stopped when the function itself died, without its exit details', () => {
    const reason = failureReason({ Error: 'Runtime.ExitError', Cause: 'RequestId: 1 Error: Runtime exited with error: signal: killed' });

    expect(reason).toMatch(/stopped unexpectedly while it was working/);
    expect(reason).not.toMatch(/signal|RequestId/);
  });

  it('says a part of a split comparison failed when a Distributed Map gives up', () => {
    const reason = failureReason({ Error: 'States.ExceedToleratedFailureThreshold', Cause: 'The specified tolerated failure threshold was exceeded' });

    expect(reason).toMatch(/One of the parts this large comparison was split into failed/);
  });

  it('keeps a missing-column message and says what to do', () => {
    expect(failureReason({ Error: 'Error', Cause: 'Column "DOB" is not in the baseline file' })).toBe(
      'Column "DOB" is not in the baseline file. Choose the data points again, then compare.',
    );
  });

  it('names an unexpected error without dumping its message, so no value can leak', () => {
    const reason = failureReason({ Error: 'TypeError', Cause: 'Cannot read 123-45-6789 of undefined' });

    expect(reason).toBe('The comparison failed unexpectedly (TypeError). Try again; if it fails again, contact support.');
    expect(failureReason(undefined)).toMatch(/failed unexpectedly/);
  });
});
