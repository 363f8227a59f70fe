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
import { callApi, fetchAllPages, ownedBy, useApi, type QueryOf } from '../api/endpoints';
import type { RequestResult } from '../api/request';

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

/** The report's endpoints at the scope's level, and that level's ids as their path parameters. */
function atLevel(scope: ReportScope) {
  if (scope.level === 'agency') return ownedBy(ENDPOINTS.agency, { agency_id: scope.agencyId });
  if (scope.level === 'organization') return ownedBy(ENDPOINTS.organization, { organization_id: scope.organizationId });
  return ownedBy(ENDPOINTS.platform, {});
}

/** Every renewal in scope, read a full page (1000) at a time until `next` runs out. */
export async function fetchEveryRenewal(scope: ReportScope): Promise<RenewalRow[]> {
  const { api, params } = atLevel(scope);
  return (await fetchAllPages(api.list, params, undefined, EVERY_PAGE)).items;
}

const EVERY_PAGE = { pageSize: MAX_PAGE_SIZE, maxPages: Infinity };

/** The whole scope, unfiltered: what the report's cards and chart count. */
export function useEveryRenewal(scope: ReportScope) {
  const { api, params } = atLevel(scope);
  const result = useApi(api.list, params, { allPages: EVERY_PAGE });
  return { error: result.error, data: result.data?.items };
}

/**
 * One page of the list with the report's filters; `cursor` is the previous page's `next`. A page
 * whose cursor is not known yet (`enabled` false) is not asked for.
 */
export function useRenewalsPage(scope: ReportScope, filters: RenewalFilters, pageSize: number, cursor: string | undefined, enabled = true) {
  const { api, params } = atLevel(scope);
  return useApi(api.list, enabled ? params : null, { query: { ...filters, limit: pageSize, cursor } });
}

export const PLANNING_MONTHS = 12;

export function useRenewalPlanning(scope: ReportScope, from: string) {
  const { api, params } = atLevel(scope);
  // The months shown stay up while another window is read, rather than blinking to a spinner.
  return useApi(api.planning, params, { query: { from, months: PLANNING_MONTHS }, keepPreviousData: true });
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

/** Which of a report's workbooks, with the query its endpoint takes (the list's filters, or the planning window). */
export type WorkbookRead =
  | { read: 'renewalsWorkbook'; query: QueryOf<typeof platformRenewalsWorkbook> }
  | { read: 'planningWorkbook'; query: QueryOf<typeof platformPlanningWorkbook> };

/** Reads a report's .xlsx and saves it; answers the error when there was one. */
export async function downloadWorkbook(scope: ReportScope, { read, query }: WorkbookRead): Promise<RequestResult<Workbook>> {
  const { api, params } = atLevel(scope);
  const result = await callApi(api[read], { params, query, retry: true });
  if (result.data) saveWorkbook(result.data);
  return result;
}
