import { z } from 'zod';
import { defineEnum } from '../enum';
import { id, instant, maybe } from './records';
import { listQuery, pageOf } from './paging';

/**
 * Matching members when the files share no identifier (docs/compare.md "Matching by person"):
 * the comparison's setting, and the proposed pairs below its threshold that wait for a person.
 */
export const MatchBy = defineEnum({
  IDENTIFIER: 'By the unique identifier',
  PERSON: 'By person (name and date of birth)',
});
export type MatchBy = (typeof MatchBy.values)[number];

export const DEFAULT_MATCH_THRESHOLD = 90;

const thresholdMessage = 'match_threshold must be a whole number from 0 to 100';
/** The comparison's fields of the setting, as create and PATCH take them. */
export const matchSettingsFields = {
  match_by: MatchBy.schema.optional(),
  match_threshold: z.number({ error: thresholdMessage }).int({ error: thresholdMessage }).min(0, { error: thresholdMessage }).max(100, { error: thresholdMessage }).optional(),
};

/** What the confirming person sees of each side's row: never an SSN or a date of birth. */
export const matchPersonResponse = z.strictObject({
  row: z.number().int().min(0).describe('0-based data row of the file'),
  first_name: z.string(),
  last_name: z.string(),
  relationship: z.string(),
  gender: z.string(),
  zip: z.string(),
  coverage_line: z.string(),
});
export type MatchPerson = z.infer<typeof matchPersonResponse>;

const scored = {
  confidence: z.number().int().min(0).max(100),
  reasons: z.string().describe('Why the rows look like one person: "same DOB and last name, first name Bill ↔ William"'),
};

export const MatchDecision = defineEnum({ ACCEPT: 'Accepted', REJECT: 'Rejected' });

export const matchCandidateResponse = z.strictObject({
  id: id(),
  comparison_id: id(),
  secondary: matchPersonResponse,
  baseline: matchPersonResponse,
  ...scored,
  alternatives: z
    .array(z.strictObject({ baseline: matchPersonResponse, ...scored }))
    .describe('Other baseline rows that could be this person (confidence 50 or more), best first, without the rejected ones: what "pick another" offers'),
  rejected_baseline_rows: z
    .array(z.number().int())
    .describe('Baseline rows rejected for this carrier row on earlier runs: never proposed for it again (the next run offers the next alternative)'),
  decision: maybe(MatchDecision.schema),
  decided_baseline_row: maybe(z.number().int()),
  decided_by_user_id: maybe(z.string()),
  decided_at: maybe(instant()),
  updated_at: instant(),
});
export type MatchCandidateResponse = z.infer<typeof matchCandidateResponse>;

export const matchCandidatePageResponse = pageOf(matchCandidateResponse);

export const matchCandidateListQuery = listQuery
  .extend({ decision: z.enum(['UNDECIDED', 'ACCEPT', 'REJECT']).optional() })
  .strict();

/**
 * A decision on a proposed pair. ACCEPT joins the proposed baseline row, or `baseline_row` when
 * given (one of the candidate's alternatives: "pick another"); REJECT leaves both rows unpaired.
 */
export const matchDecisionSchema = z
  .object({
    decision: MatchDecision.schema,
    baseline_row: z.number().int().min(0).optional(),
  })
  .strict()
  .refine((b) => b.decision === 'ACCEPT' || b.baseline_row === undefined, { message: 'baseline_row goes with ACCEPT only', path: ['baseline_row'] });
export type MatchDecisionBody = z.infer<typeof matchDecisionSchema>;
