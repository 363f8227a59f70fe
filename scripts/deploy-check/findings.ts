/** One reason the stage must not be deployed as synthesized, said so an operator can act on it. */
export interface Finding {
  /** Which check found it: nag, cloudformation, lambda-limits, iam, environment. */
  check: string;
  /** Where: a construct path, or a template file and logical id. */
  where: string;
  problem: string;
}

export const formatFinding = (f: Finding) => `[${f.check}] ${f.where}: ${f.problem}`;
