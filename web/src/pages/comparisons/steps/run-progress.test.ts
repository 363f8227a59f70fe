import { describe, expect, it } from 'vitest';
import { estimateText, progressText, stageIndex, stagePercent } from './run-progress';

describe('Compare page progress words', () => {
  it('names the stage unit with row counts', () => {
    expect(progressText({ stage: 'loading', processed: 1024, total: 10000 })).toBe('1,024 of 10,000 baseline rows read');
    expect(progressText({ stage: 'saving', processed: 25, total: null })).toBe('25 results saved');
    expect(progressText(null)).toBe('Starting…');
  });

  it('orders the stages and measures the current one', () => {
    expect(stageIndex('matching')).toBe(1);
    expect(stagePercent({ stage: 'matching', processed: 500, total: 1000 })).toBe(50);
    expect(stagePercent({ stage: 'matching', processed: 5, total: null })).toBeNull();
  });

  it('estimates only long stages', () => {
    const started = '2026-01-01T00:00:00.000Z';
    expect(estimateText({ stage: 'matching', processed: 100, total: 1000, stage_started_at: started, updated_at: '2026-01-01T00:00:05.000Z' })).toBeNull();
    expect(estimateText({ stage: 'matching', processed: 100, total: 1000, stage_started_at: started, updated_at: '2026-01-01T00:00:30.000Z' })).toBe(
      'About 5 minutes left in this stage',
    );
  });
});
