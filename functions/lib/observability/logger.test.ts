import { afterEach, describe, expect, it, vi } from 'vitest';
import { instrumented } from './instrumented';
import { logger } from './logger';

/** The JSON lines the logger writes while `work` runs (stdout and stderr). */
async function linesOf(work: () => unknown): Promise<Record<string, unknown>[]> {
  const written: string[] = [];
  const keep = (chunk: unknown) => {
    written.push(String(chunk));
    return true;
  };
  vi.spyOn(process.stdout, 'write').mockImplementation(keep);
  vi.spyOn(process.stderr, 'write').mockImplementation(keep);
  await work();
  vi.restoreAllMocks();
  return written.join('').split('\n').filter(Boolean).map((line) => JSON.parse(line) as Record<string, unknown>);
}

afterEach(() => vi.restoreAllMocks());

describe('logger', () => {
  it('masks an SSN in an error message and its stack, and keeps the stack', async () => {
    const error = new Error('Row 12: SSN 123-45-6789 does not match');
    const [line] = await linesOf(() => logger.error('comparison failed', { error }));
    const text = JSON.stringify(line);
    expect(text).not.toContain('123-45-6789');
    const logged = line.error as { name: string; message: string; stack: string };
    expect(logged.name).toBe('Error');
    expect(logged.message).toBe('Row 12: SSN ***-**-**** does not match');
    // The frames survive: where it was thrown is what a stack is read for.
    expect(logged.stack).toContain('logger.test.ts');
    expect(logged.stack.split('\n').length).toBeGreaterThan(2);
  });

  it('keeps the stack of an error passed on its own', async () => {
    const [line] = await linesOf(() => logger.error('failed', new TypeError('boom')));
    expect((line.error as { stack: string }).stack).toMatch(/TypeError: boom\n\s+at /);
  });

  it('drops a dob field and masks dates and SSNs in any other field and in the message', async () => {
    const [line] = await linesOf(() =>
      logger.info('member 987654321 checked', { member: { dob: '1980-04-02', note: 'born 04/02/1980', ssn_last4: '6789', rows: 3 } }),
    );
    expect(line.message).toBe('member ***-**-**** checked');
    expect(line.member).toEqual({ dob: '[redacted]', note: 'born [date]', ssn_last4: '[redacted]', rows: 3 });
    expect(JSON.stringify(line)).not.toMatch(/1980/);
  });

  it('writes structured JSON with the level, the service and the invocation keys', async () => {
    const handler = instrumented('test/handler', async (event: { run_id: string }) => {
      logger.info('working', { step: 1 });
      return event.run_id;
    });
    const lines = await linesOf(() => handler({ run_id: 'run-1' }));
    const line = lines.find((l) => l.message === 'working')!;
    expect(line).toMatchObject({ level: 'INFO', service: 'dvp', handler: 'test/handler', correlation_id: 'run-1', step: 1 });
    expect(typeof line.timestamp).toBe('string');
  });

  it('keeps the keys of invocations running at once apart', async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const handler = instrumented('test/handler', async (_event: { run_id: string }) => {
      await gate;
      logger.info('done');
    });
    const lines = await linesOf(async () => {
      const both = Promise.all([handler({ run_id: 'a' }), handler({ run_id: 'b' })]);
      release();
      await both;
    });
    expect(lines.filter((l) => l.message === 'done').map((l) => l.correlation_id).sort()).toEqual(['a', 'b']);
  });
});
