import type { ComparisonStep } from '../../../../shared/comparisons';

/**
 * What the comparison page gives the body of each step. Kept apart from the page, which imports
 * every step, so a step never imports the page back.
 */
export interface StepProps {
  companyId: string;
  comparisonId: string;
  /** Shows another step (the URL keeps it as ?step=). */
  goTo: (step: ComparisonStep) => void;
}
