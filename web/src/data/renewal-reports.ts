import useSWR from 'swr';
import type { z } from 'zod';
import type { ResponseOf } from '../../../shared/api/endpoint';
import {
  agencyPlanningWorkbook,
  agencyRenewalPlanning,
  agencyRenewalsWorkbook,
  organizationPlanningWorkbook,
  organizationRenewalPlanning,
  organizationRenewalsWorkbook,
  platformPlanningWorkbook,
  platformRenewalPlanning,
  platformRenewalsWorkbook,
} from '../../../shared/api/renewal-reports';
import { listAgencyRenewals, listAllRenewals, listOrganizationRenewals } from '../../../shared/api/renewals';
import { MAX_PAGE_SIZE } from '../../../shared/schemas/paging';
import type { renewalListQuery } from '../../../shared/schemas/renewal';
import type { ApiError } from '../api/errors';
import { fillPath } from '../api/endpoint-path';
import { apiFetcher, requestWithPolicy, type RequestResult } from '../api/request';

/**
 * The renewal reports' reads at the three levels (platform, agency, organization): the renewals
 * list page by page, the whole scope (every page) for the report's counts, the planning months, and
 * both reports as .xlsx. Shapes come from the endpoints themselves.
 */
export type RenewalsPage = ResponseOf<typeof listAllRenewals>;
export type RenewalRow = RenewalsPage['items'][number];
export type RenewalPlanning = ResponseOf<typeof platformRenewalPlanning>;
export type PlanningMonth = RenewalPlanning['months'][number];
export type PlanningCarrier = PlanningMonth['company_carriers'][number];
export type Workbook = ResponseOf<typeof platformRenewalsWorkbook>;
/** The list filters the report offers (the API takes these names as query parameters). */
export type RenewalFilters = Pick<z.output<typeof renewalListQuery>, 'year' | 'month' | 'step' | 'state' | 'company_id'>;
export type RenewalState = NonNullable<RenewalFilters['state']>;

export type ReportScope = { level: 'platform' } | { level: 'agency'; agencyId: string } | { level: 'organization'; organizationId: string };

const ENDPOINTS = {
  platform: { list: listAllRenewals, planning: platformRenewalPlanning, renewalsWorkbook: platformRenewalsWorkbook, planningWorkbook: platformPlanningWorkbook },
  agency: { list: listAgencyRenewals, planning: agencyRenewalPlanning, renewalsWorkbook: agencyRenewalsWorkbook, planningWorkbook: agencyPlanningWorkbook },
  organization: {
    list: listOrganizationRenewals,
    planning: organizationRenewalPlanning,
    renewalsWorkbook: organizationRenewalsWorkbook,
    planningWorkbook: organizationPlanningWorkbook,
  },
} as const;

type ReportRead = keyof (typeof ENDPOINTS)['platform'];

/** The API path of one of a report's reads at the scope's level. */
export function reportPath(scope: ReportScope, read: ReportRead): string {
  const endpoint = ENDPOINTS[scope.level][read];
  if (scope.level === 'agency') return fillPath(endpoint, { agency_id: scope.agencyId });
  if (scope.level === 'organization') return fillPath(endpoint, { organization_id: scope.organizationId });
  return fillPath(endpoint, {});
}

type Query = Record<string, string | number | undefined>;

/** Every renewal in scope, read a full page (1000) at a time until `next` runs out. */
export async function fetchEveryRenewal(path: string, fetchPage: (key: readonly [string, Query]) => Promise<RenewalsPage> = apiFetcher): Promise<RenewalRow[]> {
  const rows: RenewalRow[] = [];
  const seen = new Set<string>();
  let cursor: string | undefined;
  do {
    const page = await fetchPage([path, { limit: MAX_PAGE_SIZE, cursor }]);
    rows.push(...page.items);
    cursor = page.next ?? undefined;
    // A cursor handed back twice would loop for ever; the rows read so far are all there is.
    if (cursor && seen.has(cursor)) break;
    if (cursor) seen.add(cursor);
  } while (cursor);
  return rows;
}

/** The whole scope, unfiltered: what the report's cards and chart count. */
export function useEveryRenewal(scope: ReportScope) {
  const path = reportPath(scope, 'list');
  return useSWR<RenewalRow[], ApiError, readonly [string, 'every-page']>([path, 'every-page'], ([p]) => fetchEveryRenewal(p));
}

/**
 * One page of the list with the report's filters; `cursor` is the previous page's `next`. A page
 * whose cursor is not known yet (`enabled` false) is not asked for.
 */
export function useRenewalsPage(scope: ReportScope, filters: RenewalFilters, pageSize: number, cursor: string | undefined, enabled = true) {
  const query: Query = { ...filters, limit: pageSize, cursor };
  return useSWR<RenewalsPage, ApiError>(enabled ? [reportPath(scope, 'list'), query] : null);
}

export const PLANNING_MONTHS = 12;

export function useRenewalPlanning(scope: ReportScope, from: string) {
  // The months shown stay up while another window is read, rather than blinking to a spinner.
  return useSWR<RenewalPlanning, ApiError>([reportPath(scope, 'planning'), { from, months: PLANNING_MONTHS }], { keepPreviousData: true });
}

/** Hands a file the API answered in JSON to the browser as a download. */
export function saveWorkbook(file: Workbook): void {
  const bytes = Uint8Array.from(atob(file.content_base64), (c) => c.charCodeAt(0));
  const url = URL.createObjectURL(new Blob([bytes], { type: file.content_type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = file.name;
  document.body.appendChild(link);
  link.click();
  link.remove();
  // Revoked a moment later: some browsers read the object URL after click() has returned.
  setTimeout(() => URL.revokeObjectURL(url), 1_000);
}

/** Reads a report's .xlsx with the given query and saves it; answers the error when there was one. */
export async function downloadWorkbook(scope: ReportScope, read: 'renewalsWorkbook' | 'planningWorkbook', query: Query): Promise<RequestResult<Workbook>> {
  const result = await requestWithPolicy<Workbook>(reportPath(scope, read), { query });
  if (result.data) saveWorkbook(result.data);
  return result;
}
