/**
 * Carriers of a company and their plans. Every route checks the company is in the caller's scope
 * (404), the role may write (404), and the organization's plan includes carriers (403).
 */
import {
  ENROLLED_ABOVE_ELIGIBLE,
  enrolledWithinEligible,
  type CompanyCarrierPlanCreate,
  type CompanyCarrierPlanUpdate,
} from '../../../shared/schemas/company-carrier-plan';
import { END_BEFORE_INCEPTION, type CompanyCarrierCreate, type CompanyCarrierUpdate } from '../../../shared/schemas/company-carrier';
import type { EntityItem } from 'electrodb';
import { COMPANY_CARRIER_CONTACTS, COMPANY_CARRIER_PLAN_CONTACTS } from '../../../shared/permissions/contacts';
import type { Caller } from '../tenancy/caller';
import type { CompanyCarrierEntity } from '../db/company-carrier';
import type { CompanyCarrierPlanEntity } from '../db/company-carrier-plan';
import { db } from '../db/service';
import { notFound } from '../errors';
import { pageOfQuery, type PageRequest } from '../pagination';
import { companyWithCarriers, lockedPatch, plainPatch, present } from './access';
import { carrierById } from './carriers';
import { fieldError } from './common';
import { checkContacts } from './contacts';

type CompanyCarrier = EntityItem<typeof CompanyCarrierEntity>;
type CompanyCarrierPlan = EntityItem<typeof CompanyCarrierPlanEntity>;

export const UNKNOWN_CARRIER = 'Unknown carrier';

const contactScope = (company: { id: string; organization_id: string }) => ({ organizationId: company.organization_id, company });

// ── Company carriers ─────────────────────────────────────────────────────────────────────────────

export async function listCompanyCarriers(caller: Caller, companyId: string, page: PageRequest) {
  const { company } = await companyWithCarriers(caller, companyId);
  return pageOfQuery(
    db().entities.companyCarrier.query.byCompany({ organization_id: company.organization_id, company_id: company.id }),
    page,
  );
}

async function companyCarrierOf(company: { id: string; organization_id: string }, id: string) {
  const { data } = await db().entities.companyCarrier.get({ organization_id: company.organization_id, company_id: company.id, id }).go();
  if (!data) throw notFound();
  return data;
}

export async function getCompanyCarrier(caller: Caller, companyId: string, id: string) {
  const { company } = await companyWithCarriers(caller, companyId);
  return companyCarrierOf(company, id);
}

async function checkCarrier(carrierId: string | undefined, currentCarrierId?: string) {
  if (!carrierId || carrierId === currentCarrierId) return;
  const carrier = await carrierById(carrierId);
  if (!carrier || carrier.inactive) throw fieldError('carrier_id', UNKNOWN_CARRIER);
}

export async function createCompanyCarrier(caller: Caller, companyId: string, body: CompanyCarrierCreate) {
  const { company } = await companyWithCarriers(caller, companyId, 'company-carrier.create');
  await checkCarrier(body.carrier_id);
  await checkContacts(body, COMPANY_CARRIER_CONTACTS, contactScope(company));
  const { data } = await db()
    .entities.companyCarrier.create({
      ...present(body),
      organization_id: company.organization_id,
      company_id: company.id,
      updated_by_user_id: caller.user.id,
    })
    .go();
  return data;
}

export async function updateCompanyCarrier(caller: Caller, companyId: string, id: string, body: CompanyCarrierUpdate) {
  const { company } = await companyWithCarriers(caller, companyId, 'company-carrier.update');
  const current = await companyCarrierOf(company, id);
  await checkCarrier(body.carrier_id, current.carrier_id);
  await checkContacts(body, COMPANY_CARRIER_CONTACTS, contactScope(company), current);
  const inception = body.inception_date === undefined ? current.inception_date : body.inception_date;
  const end = body.end_date === undefined ? current.end_date : body.end_date;
  if (inception && end && end < inception) throw fieldError('end_date', END_BEFORE_INCEPTION);
  const { updated_at, ...fields } = body;
  return lockedPatch<CompanyCarrier>(
    db().entities.companyCarrier,
    { organization_id: company.organization_id, company_id: company.id, id },
    { ...fields, updated_by_user_id: caller.user.id },
    updated_at,
  );
}

/** DELETE deactivates the company carrier; its plans stay as they are (and are hidden with it). */
export async function deactivateCompanyCarrier(caller: Caller, companyId: string, id: string) {
  const { company } = await companyWithCarriers(caller, companyId, 'company-carrier.delete');
  await companyCarrierOf(company, id);
  return plainPatch<CompanyCarrier>(
    db().entities.companyCarrier,
    { organization_id: company.organization_id, company_id: company.id, id },
    { inactive: true, updated_by_user_id: caller.user.id },
  );
}

// ── Company carrier plans ────────────────────────────────────────────────────────────────────────

export async function listCompanyCarrierPlans(caller: Caller, companyId: string, companyCarrierId: string, page: PageRequest) {
  const { company } = await companyWithCarriers(caller, companyId);
  const companyCarrier = await companyCarrierOf(company, companyCarrierId);
  return pageOfQuery(
    db().entities.companyCarrierPlan.query.byCompanyCarrier({
      organization_id: company.organization_id,
      company_id: company.id,
      company_carrier_id: companyCarrier.id,
    }),
    page,
  );
}

async function planOf(company: { id: string; organization_id: string }, companyCarrierId: string, id: string) {
  const { data } = await db()
    .entities.companyCarrierPlan.get({ organization_id: company.organization_id, company_id: company.id, company_carrier_id: companyCarrierId, id })
    .go();
  if (!data) throw notFound();
  return data;
}

export async function getCompanyCarrierPlan(caller: Caller, companyId: string, companyCarrierId: string, id: string) {
  const { company } = await companyWithCarriers(caller, companyId);
  await companyCarrierOf(company, companyCarrierId);
  return planOf(company, companyCarrierId, id);
}

export async function createCompanyCarrierPlan(caller: Caller, companyId: string, companyCarrierId: string, body: CompanyCarrierPlanCreate) {
  const { company } = await companyWithCarriers(caller, companyId, 'company-carrier.create');
  const companyCarrier = await companyCarrierOf(company, companyCarrierId);
  await checkContacts(body, COMPANY_CARRIER_PLAN_CONTACTS, contactScope(company));
  const { data } = await db()
    .entities.companyCarrierPlan.create({
      ...present(body),
      organization_id: company.organization_id,
      company_id: company.id,
      company_carrier_id: companyCarrier.id,
      updated_by_user_id: caller.user.id,
    })
    .go();
  return data;
}

export async function updateCompanyCarrierPlan(
  caller: Caller,
  companyId: string,
  companyCarrierId: string,
  id: string,
  body: CompanyCarrierPlanUpdate,
) {
  const { company } = await companyWithCarriers(caller, companyId, 'company-carrier.update');
  await companyCarrierOf(company, companyCarrierId);
  const current = await planOf(company, companyCarrierId, id);
  await checkContacts(body, COMPANY_CARRIER_PLAN_CONTACTS, contactScope(company), current);
  const merged = {
    number_of_eligible: body.number_of_eligible === undefined ? current.number_of_eligible : body.number_of_eligible,
    number_of_enrolled: body.number_of_enrolled === undefined ? current.number_of_enrolled : body.number_of_enrolled,
  };
  if (!enrolledWithinEligible(merged)) throw fieldError('number_of_enrolled', ENROLLED_ABOVE_ELIGIBLE);
  const { updated_at, ...fields } = body;
  return lockedPatch<CompanyCarrierPlan>(
    db().entities.companyCarrierPlan,
    { organization_id: company.organization_id, company_id: company.id, company_carrier_id: companyCarrierId, id },
    { ...fields, updated_by_user_id: caller.user.id },
    updated_at,
  );
}

export async function deactivateCompanyCarrierPlan(caller: Caller, companyId: string, companyCarrierId: string, id: string) {
  const { company } = await companyWithCarriers(caller, companyId, 'company-carrier.delete');
  await companyCarrierOf(company, companyCarrierId);
  await planOf(company, companyCarrierId, id);
  return plainPatch<CompanyCarrierPlan>(
    db().entities.companyCarrierPlan,
    { organization_id: company.organization_id, company_id: company.id, company_carrier_id: companyCarrierId, id },
    { inactive: true, updated_by_user_id: caller.user.id },
  );
}
