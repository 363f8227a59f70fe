/**
 * Each import kind turns sheet rows into records to create, checking every row with the entity's
 * create schema (the same rules as the API and the forms) and resolving names of other records.
 * A name that matches nothing is a problem of that row; nothing is ever created on the side.
 */
import type { CreateEntityItem } from 'electrodb';
import type { z } from 'zod';
import { BenefitType, EligibilityManagementType } from '../../../shared/carriers';
import { IMPORT_COLUMNS, inactiveCarrierMessage, unknownCarrierMessage, type ImportKind } from '../../../shared/imports';
import type { ImportPreviewRow, ImportProblem } from '../../../shared/schemas/imports';
import { BenefitAdminSystem } from '../../../shared/organizations';
import { companyCreateSchema } from '../../../shared/schemas/company';
import { companyCarrierCreateBodySchema } from '../../../shared/schemas/company-carrier';
import { companyCarrierPlanCreateBodySchema } from '../../../shared/schemas/company-carrier-plan';
import { newId } from '../db/attributes';
import type { CompanyEntity } from '../db/company';
import type { CompanyCarrierEntity } from '../db/company-carrier';
import type { CompanyCarrierPlanEntity } from '../db/company-carrier-plan';
import { db } from '../db/service';
import { present } from '../hierarchy/access';
import { allCarriers } from '../hierarchy/carriers';
import { sameName } from '../hierarchy/common';
import { companiesOf, DUPLICATE_COMPANY } from '../hierarchy/companies';
import { dateCell, enumCell, invoiceDayCell, monthCell } from './cells';
import type { SheetRow } from './read';

/** What each kind creates: the entity's own create item, its id given (a failed import deletes by it). */
export interface ImportItems {
  company: CreateEntityItem<typeof CompanyEntity> & { id: string };
  companyCarrier: CreateEntityItem<typeof CompanyCarrierEntity> & { id: string };
  companyCarrierPlan: CreateEntityItem<typeof CompanyCarrierPlanEntity> & { id: string };
}
export type WriteEntity = keyof ImportItems;

export interface ImportContext {
  organizationId: string;
  userId: string;
}

interface ResolvedOf<E extends WriteEntity> {
  entity: E;
  rows: ImportPreviewRow[];
  problems: ImportProblem[];
  items: Array<ImportItems[E]>;
}
export type Resolved = { [E in WriteEntity]: ResolvedOf<E> }[WriteEntity];

const key = (s: string | null | undefined) => (s ?? '').trim().replace(/\s+/g, ' ').toLowerCase();

function headerOf(kind: ImportKind, field: string, aliases: Record<string, string> = {}): string {
  const f = aliases[field] ?? field;
  return IMPORT_COLUMNS[kind].find((c) => c.field === f)?.header ?? f;
}

/** Zod issues of one row as problems, each under the column that holds the field. */
function issuesToProblems(kind: ImportKind, row: number, error: z.ZodError, aliases: Record<string, string> = {}): ImportProblem[] {
  return error.issues.map((issue) => ({
    row,
    column: headerOf(kind, String(issue.path[0] ?? ''), aliases),
    message: issue.message,
  }));
}

/** Rows naming the same thing twice in one file: the later ones are problems. */
function duplicateTracker() {
  const seen = new Map<string, number>();
  return (k: string, row: number): number | undefined => {
    const first = seen.get(k);
    if (first === undefined) seen.set(k, row);
    return first;
  };
}

async function resolveCompanies(sheet: SheetRow[], ctx: ImportContext): Promise<Resolved> {
  const kind = 'companies';
  const existing = await companiesOf(ctx.organizationId);
  const { data: systems } = await db()
    .entities.organizationBenefitAdminSystem.query.byOrganization({ organization_id: ctx.organizationId })
    .go({ pages: 'all' });
  const seen = duplicateTracker();
  const out: ResolvedOf<'company'> = { entity: 'company', rows: [], problems: [], items: [] };
  const aliases = { organization_benefit_admin_system_id: 'benefit_admin_system' };
  for (const { row, cells } of sheet) {
    const problems: ImportProblem[] = [];
    let systemId: string | undefined;
    if (cells.benefit_admin_system) {
      const value = enumCell(BenefitAdminSystem, cells.benefit_admin_system);
      systemId = systems.find((s) => s.benefit_admin_system === value)?.id;
      if (!systemId) problems.push({ row, column: headerOf(kind, 'benefit_admin_system'), message: `"${cells.benefit_admin_system}" is not a benefit admin system of this organization` });
    }
    const parsed = companyCreateSchema.safeParse({
      name: cells.name ?? '',
      notes: cells.notes,
      first_demo_date: dateCell(cells.first_demo_date),
      activation_date: dateCell(cells.activation_date),
      organization_benefit_admin_system_id: systemId,
    });
    if (!parsed.success) problems.push(...issuesToProblems(kind, row, parsed.error, aliases));
    if (cells.name) {
      if (existing.some((c) => sameName(c.name, cells.name))) problems.push({ row, column: headerOf(kind, 'name'), message: DUPLICATE_COMPANY });
      const first = seen(key(cells.name), row);
      if (first !== undefined) problems.push({ row, column: headerOf(kind, 'name'), message: `This company is already in row ${first} of the file` });
    }
    out.rows.push({ row, values: parsed.success ? { ...parsed.data, benefit_admin_system: cells.benefit_admin_system ?? null } : cells });
    out.problems.push(...problems);
    if (parsed.success && !problems.length) out.items.push({ id: newId(), ...present(parsed.data), organization_id: ctx.organizationId });
  }
  return out;
}

async function lookups(organizationId: string) {
  const companies = (await companiesOf(organizationId)).filter((c) => !c.inactive);
  const catalog = await allCarriers();
  const carriers = catalog.filter((c) => !c.inactive);
  const findCompany = (name: string | undefined) => (name ? companies.find((c) => sameName(c.name, name)) : undefined);
  const findCarrier = (name: string | undefined) => (name ? carriers.find((c) => sameName(c.name, name)) : undefined);
  const carrierProblem = (row: number, column: string, name: string): ImportProblem => {
    const inactive = catalog.find((c) => c.inactive && sameName(c.name, name));
    return { row, column, message: inactive ? inactiveCarrierMessage(inactive.name) : unknownCarrierMessage(name), carrier_not_in_catalog: name };
  };
  const { data } = await db().entities.companyCarrier.query.byOrganization({ organization_id: organizationId }).go({ pages: 'all' });
  const companyCarriers = data.filter((cc) => !cc.inactive);
  return { findCompany, findCarrier, carrierProblem, companyCarriers };
}

const unknownCompany = (name: string) => `Unknown company "${name}": no active company of this organization has this name`;

async function resolveCompanyCarriers(sheet: SheetRow[], ctx: ImportContext): Promise<Resolved> {
  const kind = 'company_carriers';
  const { findCompany, findCarrier, carrierProblem, companyCarriers } = await lookups(ctx.organizationId);
  const seen = duplicateTracker();
  const out: ResolvedOf<'companyCarrier'> = { entity: 'companyCarrier', rows: [], problems: [], items: [] };
  const aliases = { carrier_id: 'carrier_name' };
  for (const { row, cells } of sheet) {
    const problems: ImportProblem[] = [];
    const company = findCompany(cells.company_name);
    const carrier = findCarrier(cells.carrier_name);
    if (cells.company_name && !company) problems.push({ row, column: headerOf(kind, 'company_name'), message: unknownCompany(cells.company_name) });
    if (!cells.company_name) problems.push({ row, column: headerOf(kind, 'company_name'), message: 'This field is required' });
    if (cells.carrier_name && !carrier) problems.push(carrierProblem(row, headerOf(kind, 'carrier_name'), cells.carrier_name));
    const parsed = companyCarrierCreateBodySchema.safeParse({
      carrier_id: carrier?.id ?? '',
      group_number: cells.group_number,
      renewal_month: monthCell(cells.renewal_month),
      renewal_kickoff_days_in_advance: cells.renewal_kickoff_days_in_advance,
      carrier_invoice_day_of_month: invoiceDayCell(cells.carrier_invoice_day_of_month),
      eligibility_management_type: enumCell(EligibilityManagementType, cells.eligibility_management_type),
      inception_date: dateCell(cells.inception_date),
      end_date: dateCell(cells.end_date),
      audit_service: cells.audit_service,
      disable_renewals: cells.disable_renewals,
      contact_name: cells.contact_name,
      contact_email: cells.contact_email,
      contact_phone: cells.contact_phone,
      secondary_contact_name: cells.secondary_contact_name,
      secondary_contact_email: cells.secondary_contact_email,
      secondary_contact_phone: cells.secondary_contact_phone,
      notes: cells.notes,
    });
    // An unknown carrier is already reported under Carrier Name; do not repeat it as "required".
    if (!parsed.success) problems.push(...issuesToProblems(kind, row, parsed.error, aliases).filter((p) => !(cells.carrier_name && !carrier && p.column === headerOf(kind, 'carrier_name'))));
    if (company && carrier) {
      const group = key(cells.group_number);
      const dupKey = `${company.id}|${carrier.id}|${group}`;
      if (companyCarriers.some((cc) => cc.company_id === company.id && cc.carrier_id === carrier.id && key(cc.group_number) === group)) {
        problems.push({ row, column: headerOf(kind, 'carrier_name'), message: 'This company already has this carrier with this group number' });
      }
      const first = seen(dupKey, row);
      if (first !== undefined) problems.push({ row, column: headerOf(kind, 'carrier_name'), message: `The same company, carrier and group number are already in row ${first} of the file` });
    }
    out.rows.push({
      row,
      values: parsed.success ? { company_name: company?.name ?? cells.company_name, carrier_name: carrier?.name ?? cells.carrier_name, ...parsed.data } : cells,
    });
    out.problems.push(...problems);
    if (parsed.success && !problems.length && company) {
      out.items.push({ id: newId(), ...present(parsed.data), organization_id: ctx.organizationId, company_id: company.id, updated_by_user_id: ctx.userId });
    }
  }
  return out;
}

async function resolveCompanyCarrierPlans(sheet: SheetRow[], ctx: ImportContext): Promise<Resolved> {
  const kind = 'company_carrier_plans';
  const { findCompany, findCarrier, carrierProblem, companyCarriers } = await lookups(ctx.organizationId);
  const out: ResolvedOf<'companyCarrierPlan'> = { entity: 'companyCarrierPlan', rows: [], problems: [], items: [] };
  for (const { row, cells } of sheet) {
    const problems: ImportProblem[] = [];
    const company = findCompany(cells.company_name);
    const carrier = findCarrier(cells.carrier_name);
    if (!cells.company_name) problems.push({ row, column: headerOf(kind, 'company_name'), message: 'This field is required' });
    else if (!company) problems.push({ row, column: headerOf(kind, 'company_name'), message: unknownCompany(cells.company_name) });
    if (!cells.carrier_name) problems.push({ row, column: headerOf(kind, 'carrier_name'), message: 'This field is required' });
    else if (!carrier) problems.push(carrierProblem(row, headerOf(kind, 'carrier_name'), cells.carrier_name));
    let companyCarrierId: string | undefined;
    if (company && carrier) {
      let matches = companyCarriers.filter((cc) => cc.company_id === company.id && cc.carrier_id === carrier.id);
      if (cells.carrier_group_number) matches = matches.filter((cc) => key(cc.group_number) === key(cells.carrier_group_number));
      if (matches.length === 1) companyCarrierId = matches[0]!.id;
      else if (matches.length === 0) {
        problems.push({
          row,
          column: headerOf(kind, cells.carrier_group_number ? 'carrier_group_number' : 'carrier_name'),
          message: `${company.name} has no ${carrier.name} carrier${cells.carrier_group_number ? ' with this group number' : ''}; add the company carrier first`,
        });
      } else {
        problems.push({ row, column: headerOf(kind, 'carrier_group_number'), message: `${company.name} has ${carrier.name} more than once; fill in Carrier Group Number to say which` });
      }
    }
    const parsed = companyCarrierPlanCreateBodySchema.safeParse({
      name: cells.name ?? '',
      benefit_type: enumCell(BenefitType, cells.benefit_type) ?? '',
      group_number: cells.group_number,
      eligibility_management_type: enumCell(EligibilityManagementType, cells.eligibility_management_type),
      number_of_eligible: cells.number_of_eligible,
      number_of_enrolled: cells.number_of_enrolled,
      disable_renewals: cells.disable_renewals,
      notes: cells.notes,
    });
    if (!parsed.success) problems.push(...issuesToProblems(kind, row, parsed.error));
    out.rows.push({
      row,
      values: parsed.success ? { company_name: company?.name ?? cells.company_name, carrier_name: carrier?.name ?? cells.carrier_name, ...parsed.data } : cells,
    });
    out.problems.push(...problems);
    if (parsed.success && !problems.length && company && companyCarrierId) {
      out.items.push({
        id: newId(),
        ...present(parsed.data),
        organization_id: ctx.organizationId,
        company_id: company.id,
        company_carrier_id: companyCarrierId,
        updated_by_user_id: ctx.userId,
      });
    }
  }
  return out;
}

export const RESOLVERS: Record<ImportKind, (rows: SheetRow[], ctx: ImportContext) => Promise<Resolved>> = {
  companies: resolveCompanies,
  company_carriers: resolveCompanyCarriers,
  company_carrier_plans: resolveCompanyCarrierPlans,
};
