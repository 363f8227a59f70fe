import { normaliseText } from '../../../shared/compare/text';
import type { DataPointValuesResponse } from '../../../shared/schemas/data-point';
import { isMappablePair, NOT_MAPPABLE_MESSAGE } from '../../../shared/compare/value-mapping';
import { isSsnLike } from '../../../shared/mask';
import { guessBaselineValue } from '../../../shared/compare/value-guess';
import { db } from '../db/service';
import { badRequest, notFound } from '../errors';
import { loadComparison } from './comparison-record';
import { requireAction, type CompanyContext } from '../tenancy/company-context';
import { lastUsedMapping } from './last-used-mapping';
import { loadMappingForCompany } from './mappings';
import { forEachParsedRow, parsedSides } from './parsed';

/** Distinct values listed per side; a column with more is an identifier or a name, not a vocabulary. */
export const MAX_DISTINCT_VALUES = 1000;

async function distinct(key: string, column: string) {
  const counts = new Map<string, number>();
  let position = -1;
  let truncated = false;
  let distinctCount = 0;
  let ssnLikeCount = 0;
  await forEachParsedRow(key, (row, _i, columns) => {
    if (position < 0) position = columns.indexOf(column);
    const value = (row[position] ?? '').trim();
    // An SSN in a column that does not say so is still an SSN: it is counted, never listed.
    if (isSsnLike(value)) {
      ssnLikeCount++;
      return;
    }
    const n = counts.get(value);
    if (n !== undefined) counts.set(value, n + 1);
    else if (counts.size < MAX_DISTINCT_VALUES) {
      counts.set(value, 1);
      distinctCount++;
    } else {
      truncated = true;
    }
  });
  return { counts, truncated, distinctCount, ssnLikeCount };
}

/**
 * UX "Map data": the distinct carrier values of a data point's column with their counts, each with
 * what it becomes under the data point's mapping, or the baseline value it already equals (exact or
 * case-insensitive), or unmapped, then with the baseline value it likely stands for, if one
 * (`match: 'likely'`: MED → MEDICAL, ES → Employee + Spouse; the page pre-fills it for the user to
 * confirm). The baseline's distinct values come along as the targets to pick,
 * and, while the point has no mapping, the one last used for the same carrier column (`last_used_mapping`).
 */
export async function dataPointValues(ctx: CompanyContext, comparisonId: string, dataPointId: string): Promise<DataPointValuesResponse> {
  const comparison = await loadComparison(ctx, comparisonId);
  await requireAction(ctx, 'comparison.map');
  const { data: dp } = await db().entities.dataPoint.get({ company_id: ctx.companyId, comparison_id: comparison.id, id: dataPointId }).go();
  if (!dp) throw notFound();
  if (!isMappablePair(dp)) throw badRequest(NOT_MAPPABLE_MESSAGE, { data_point_id: NOT_MAPPABLE_MESSAGE });
  const sides = await parsedSides(ctx, comparison);
  // A link to a mapping the caller can no longer use reads as no mapping, so an offer may replace it.
  const mappingAndOffer = (async () => {
    const mapping = dp.data_mapping_id ? await loadMappingForCompany(ctx, dp.data_mapping_id) : null;
    return { mapping, offer: mapping ? null : await lastUsedMapping(ctx, comparison, dp.secondary_column_name) };
  })();
  const [secondary, baseline, { mapping, offer }] = await Promise.all([
    distinct(sides.secondary.parsed_key, dp.secondary_column_name),
    distinct(sides.baseline.parsed_key, dp.baseline_column_name),
    mappingAndOffer,
  ]);
  const targets = new Map<string, string>();
  for (const f of mapping?.fields ?? []) if (!targets.has(normaliseText(f.source))) targets.set(normaliseText(f.source), f.target);
  const baselineExact = new Set(baseline.counts.keys());
  const baselineFolded = new Map<string, string>();
  for (const v of baseline.counts.keys()) if (!baselineFolded.has(normaliseText(v))) baselineFolded.set(normaliseText(v), v);

  const baselineValues = [...baseline.counts.keys()].filter((v) => v !== '');
  const values = [...secondary.counts.entries()]
    .filter(([value]) => value !== '')
    .map(([value, count]) => {
      const mapped = targets.get(normaliseText(value));
      if (mapped !== undefined) return { value, count, status: 'mapped' as const, mapped_to: mapped, suggested_target: mapped, match: null };
      if (baselineExact.has(value)) return { value, count, status: 'matches' as const, mapped_to: null, suggested_target: value, match: 'exact' as const };
      const folded = baselineFolded.get(normaliseText(value));
      if (folded !== undefined) return { value, count, status: 'matches' as const, mapped_to: null, suggested_target: folded, match: 'case-insensitive' as const };
      const guess = guessBaselineValue(value, baselineValues);
      return { value, count, status: 'unmapped' as const, mapped_to: null, suggested_target: guess, match: guess === null ? null : ('likely' as const) };
    })
    .sort((a, b) => b.count - a.count || a.value.localeCompare(b.value));
  return {
    data_point_id: dp.id,
    baseline_column_name: dp.baseline_column_name,
    secondary_column_name: dp.secondary_column_name,
    data_mapping_id: mapping?.id ?? null,
    last_used_mapping: offer,
    values,
    blank_count: secondary.counts.get('') ?? 0,
    hidden_ssn_like_count: secondary.ssnLikeCount,
    unmapped_count: values.filter((v) => v.status === 'unmapped').length,
    truncated: secondary.truncated,
    baseline_values: [...baseline.counts.entries()]
      .filter(([value]) => value !== '')
      .map(([value, count]) => ({ value, count }))
      .sort((a, b) => b.count - a.count || a.value.localeCompare(b.value)),
    baseline_truncated: baseline.truncated,
  };
}
