import type { RunProgress, RunStage } from '../../../data/compare-runs';

/** Words of the Compare page's progress, kept apart from the component so they are testable. */
export const STAGES: ReadonlyArray<{ stage: RunStage; label: string; unit: string }> = [
  { stage: 'loading', label: 'Loading the baseline file', unit: 'baseline rows read' },
  { stage: 'matching', label: 'Matching carrier rows on the identifier and comparing values', unit: 'carrier rows matched' },
  { stage: 'comparing', label: 'Finding missing and duplicate rows', unit: 'findings' },
  { stage: 'saving', label: 'Saving the results', unit: 'results saved' },
];

const number = (n: number) => n.toLocaleString('en-US');

export function stageIndex(stage: RunStage | undefined | null): number {
  return Math.max(0, STAGES.findIndex((s) => s.stage === stage));
}

/** "1,024 of 10,000 baseline rows read" (or without a total). */
export function progressText(progress: RunProgress | null | undefined): string {
  if (!progress) return 'Starting…';
  const unit = STAGES[stageIndex(progress.stage)]!.unit;
  return progress.total ? `${number(progress.processed)} of ${number(progress.total)} ${unit}` : `${number(progress.processed)} ${unit}`;
}

/** Percentage of the current stage, or null when there is no total to measure against. */
export function stagePercent(progress: RunProgress | null | undefined): number | null {
  if (!progress?.total) return null;
  return Math.min(100, Math.round((progress.processed / progress.total) * 100));
}

/**
 * An estimate for long stages only (after 15 s and 5% done): "About 3 minutes left in this stage".
 */
export function estimateText(progress: RunProgress | null | undefined, now = Date.now()): string | null {
  if (!progress?.total || !progress.stage_started_at || progress.processed <= 0) return null;
  const elapsed = (progress.updated_at ? Date.parse(progress.updated_at) : now) - Date.parse(progress.stage_started_at);
  const done = progress.processed / progress.total;
  if (!(elapsed > 15_000) || done < 0.05 || done >= 1) return null;
  const leftMs = (elapsed / done) * (1 - done);
  const minutes = Math.round(leftMs / 60_000);
  if (minutes < 1) return 'Less than a minute left in this stage';
  return `About ${minutes} minute${minutes === 1 ? '' : 's'} left in this stage`;
}
