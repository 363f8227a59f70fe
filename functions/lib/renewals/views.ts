import { PlanDocumentCategory } from '../../../shared/columns';
import { advanceBlockers } from '../../../shared/renewal-workflow';
import type { PassiveEnrollmentEnabled, RenewalEnrollmentType, RenewalStep, TaskItemStatus, TaskType } from '../../../shared/renewals';
import type { Month } from '../../../shared/carriers';
import type { PersonResponse, RenewalDetailResponse, RenewalPlanResponse, RenewalSummaryResponse } from '../../../shared/schemas/renewal';
import { db } from '../db/service';
import type { CompanyContext, RenewalPlanRecord, RenewalRecord } from './context';
import { callerSides, loadRenewalPlans, loadTask, managesPeople } from './context';
import { peopleById } from './people';
import { daysUntil, effectiveDate, isOverdue } from './timing';

/** What a renewal's list row names besides the record: its company and carrier, and its owners. */
export interface RenewalNames {
  companyName: string;
  carrierId: string;
  carrierName: string;
  owners: PersonResponse[];
}

export function renewalSummary(r: RenewalRecord, names: RenewalNames, today = new Date()): RenewalSummaryResponse {
  const effective = effectiveDate(r.period);
  return {
    id: r.id,
    organization_id: r.organization_id,
    company_id: r.company_id,
    company_name: names.companyName,
    company_carrier_id: r.company_carrier_id,
    carrier_id: names.carrierId,
    carrier_name: names.carrierName,
    task_id: r.task_id,
    step: r.step as RenewalStep,
    year: r.year,
    month: r.month as Month,
    enrollment_start_date: r.enrollment_start_date ?? null,
    enrollment_end_date: r.enrollment_end_date ?? null,
    administration_end_date: r.administration_end_date ?? null,
    send_deductions_date: r.send_deductions_date ?? null,
    enrollment_type: (r.enrollment_type as RenewalEnrollmentType | undefined) ?? null,
    cobra_enrollment_type: r.cobra_enrollment_type ?? null,
    passive_enrollment_enabled: (r.passive_enrollment_enabled as PassiveEnrollmentEnabled | undefined) ?? null,
    enrollment_welcome_language: r.enrollment_welcome_language ?? null,
    enrollment_email_language: r.enrollment_email_language ?? null,
    demo_environment_notes: r.demo_environment_notes ?? null,
    organization_managed: !!r.organization_managed,
    organization_managed_contact_user_id: r.organization_managed_contact_user_id ?? null,
    client_info_status: r.client_info_status as TaskItemStatus,
    client_info_status_updated_at: r.client_info_status_updated_at ?? null,
    plans_checklist_status: r.plans_checklist_status as TaskItemStatus,
    plans_checklist_status_updated_at: r.plans_checklist_status_updated_at ?? null,
    demo_environment_status: r.demo_environment_status as TaskItemStatus,
    demo_environment_status_updated_at: r.demo_environment_status_updated_at ?? null,
    go_live_updated_at: r.go_live_updated_at ?? null,
    completed_updated_at: r.completed_updated_at ?? null,
    last_resent_kickoff_at: r.last_resent_kickoff_at ?? null,
    resent_kickoff_counter: r.resent_kickoff_counter ?? 0,
    kickoff_email_error: r.kickoff_sent_at ? null : (r.kickoff_error ?? null),
    effective_date: effective,
    days_to_go_live: daysUntil(effective, today),
    overdue: isOverdue(r.step, r.period, today),
    owners: names.owners,
    created_at: r.created_at,
    updated_at: r.updated_at,
    created_by_user_id: r.created_by_user_id ?? null,
    updated_by_user_id: r.updated_by_user_id ?? null,
  };
}

export function renewalPlanView(p: RenewalPlanRecord, plan: { name: string; benefit_type?: string | null } | undefined): RenewalPlanResponse {
  return {
    id: p.id,
    renewal_id: p.renewal_id,
    company_carrier_plan_id: p.company_carrier_plan_id,
    plan_name: plan?.name ?? 'Plan no longer on the carrier',
    benefit_type: plan?.benefit_type ?? null,
    renewing: p.renewing ?? null,
    rates_changing: p.rates_changing ?? null,
    eligibility_changing: p.eligibility_changing ?? null,
    renewal_notes: p.renewal_notes ?? null,
    rates_changing_notes: p.rates_changing_notes ?? null,
    eligibility_changing_notes: p.eligibility_changing_notes ?? null,
    status: p.status as TaskItemStatus,
    created_at: p.created_at,
    updated_at: p.updated_at,
    created_by_user_id: p.created_by_user_id ?? null,
    updated_by_user_id: p.updated_by_user_id ?? null,
  };
}

/** The names of the carrier plans of a company carrier, by plan id. */
export async function carrierPlans(ctx: CompanyContext, companyCarrierId: string) {
  const { data } = await db()
    .entities.companyCarrierPlan.query.byCompanyCarrier({ organization_id: ctx.organizationId, company_id: ctx.companyId, company_carrier_id: companyCarrierId })
    .go({ pages: 'all' });
  return data;
}

/** The company carrier with its carrier's name. */
export async function carrierOf(ctx: CompanyContext, companyCarrierId: string) {
  const { data: companyCarrier } = await db().entities.companyCarrier.get({ organization_id: ctx.organizationId, company_id: ctx.companyId, id: companyCarrierId }).go();
  const carrier = companyCarrier ? (await db().entities.carrier.get({ id: companyCarrier.carrier_id }).go()).data : null;
  return { companyCarrier, carrierId: companyCarrier?.carrier_id ?? '', carrierName: carrier?.name ?? 'Unknown carrier' };
}

const tagDescription = (tagId: string | null | undefined) => (tagId && PlanDocumentCategory.is(tagId) ? PlanDocumentCategory.label(tagId) : null);
export { tagDescription };

/** The task with its people, notes and verified files. */
export async function taskView(ctx: CompanyContext, taskId: string) {
  const task = await loadTask(ctx, taskId);
  const key = { organization_id: ctx.organizationId, company_id: ctx.companyId, task_id: taskId };
  const e = db().entities;
  const [owners, assignees, notes, files] = await Promise.all([
    e.taskOwner.query.byTask(key).go({ pages: 'all' }),
    e.taskAssignee.query.byTask(key).go({ pages: 'all' }),
    e.taskNote.query.byTask(key).go({ pages: 'all' }),
    e.taskFile.query.byTask(key).go({ pages: 'all' }),
  ]);
  const people = await peopleById([
    ...owners.data.map((o) => o.user_id),
    ...assignees.data.flatMap((a) => [a.user_id, a.completed_by_user_id]),
    ...notes.data.map((n) => n.user_id),
    ...files.data.map((f) => f.created_by_user_id),
  ]);
  const person = (id: string | null | undefined) => (id ? (people.get(id) ?? null) : null);
  return {
    id: task.id,
    company_id: task.company_id,
    task_type: task.task_type as TaskType,
    created_at: task.created_at,
    updated_at: task.updated_at,
    closed_at: task.closed_at ?? null,
    completed_at: task.completed_at ?? null,
    owners: owners.data.map((o) => taskOwnerView(o, person(o.user_id))),
    assignees: assignees.data.sort((a, b) => a.created_at.localeCompare(b.created_at)).map((a) => taskAssigneeView(a, people)),
    notes: notes.data.sort((a, b) => b.created_at.localeCompare(a.created_at)).map((n) => taskNoteView(n, person(n.user_id))),
    files: files.data.filter((f) => f.storage_verified).sort((a, b) => a.created_at.localeCompare(b.created_at)).map((f) => taskFileView(f, person(f.created_by_user_id))),
  };
}

interface OwnerRecord {
  id: string;
  task_id: string;
  user_id: string;
  created_at: string;
}
export function taskOwnerView(o: OwnerRecord, user: PersonResponse | null) {
  return { id: o.id, task_id: o.task_id, user_id: o.user_id, user, created_at: o.created_at };
}

interface AssigneeRecord {
  id: string;
  task_id: string;
  task_type: string;
  step: string;
  user_id: string;
  completed_at?: string;
  completed_by_user_id?: string;
  unassigned_at?: string;
  created_at: string;
}
export function taskAssigneeView(a: AssigneeRecord, people: Map<string, PersonResponse>) {
  return {
    id: a.id,
    task_id: a.task_id,
    task_type: a.task_type as TaskType,
    step: a.step as RenewalStep,
    user_id: a.user_id,
    user: people.get(a.user_id) ?? null,
    completed_at: a.completed_at ?? null,
    completed_by_user_id: a.completed_by_user_id ?? null,
    completed_by: a.completed_by_user_id ? (people.get(a.completed_by_user_id) ?? null) : null,
    unassigned_at: a.unassigned_at ?? null,
    created_at: a.created_at,
  };
}

interface NoteRecord {
  id: string;
  task_id: string;
  task_type: string;
  step: string;
  user_id: string;
  notes: string;
  tag_id?: string;
  tag_description?: string;
  created_at: string;
}
export function taskNoteView(n: NoteRecord, user: PersonResponse | null) {
  return {
    id: n.id,
    task_id: n.task_id,
    task_type: n.task_type as TaskType,
    step: n.step as RenewalStep,
    user_id: n.user_id,
    user,
    notes: n.notes,
    tag_id: n.tag_id && PlanDocumentCategory.is(n.tag_id) ? n.tag_id : null,
    tag_description: n.tag_description ?? null,
    created_at: n.created_at,
  };
}

interface FileRecord {
  id: string;
  task_id: string;
  task_type: string;
  step: string;
  name: string;
  size: number;
  content_type: string;
  tag_id?: string;
  tag_description?: string;
  storage_path: string;
  storage_verified?: boolean;
  created_by_user_id: string;
  created_at: string;
}
export function taskFileView(f: FileRecord, createdBy: PersonResponse | null) {
  return {
    id: f.id,
    task_id: f.task_id,
    task_type: f.task_type as TaskType,
    step: f.step as RenewalStep,
    name: f.name,
    size: f.size,
    content_type: f.content_type,
    tag_id: f.tag_id && PlanDocumentCategory.is(f.tag_id) ? f.tag_id : null,
    tag_description: f.tag_description ?? null,
    storage_path: f.storage_path,
    storage_verified: !!f.storage_verified,
    created_by_user_id: f.created_by_user_id,
    created_by: createdBy,
    created_at: f.created_at,
  };
}

/** The renewal as its page reads it. */
export async function renewalDetail(ctx: CompanyContext, renewal: RenewalRecord): Promise<RenewalDetailResponse> {
  const [plans, catalogue, carrier, task, sides, manages] = await Promise.all([
    loadRenewalPlans(ctx, renewal.id),
    carrierPlans(ctx, renewal.company_carrier_id),
    carrierOf(ctx, renewal.company_carrier_id),
    taskView(ctx, renewal.task_id),
    callerSides(ctx, renewal),
    managesPeople(ctx),
  ]);
  const byId = new Map(catalogue.map((p) => [p.id, p]));
  const planViews = plans.map((p) => renewalPlanView(p, byId.get(p.company_carrier_plan_id))).sort((a, b) => a.plan_name.localeCompare(b.plan_name));
  const summary = renewalSummary(renewal, {
    companyName: ctx.company.name,
    carrierId: carrier.carrierId,
    carrierName: carrier.carrierName,
    owners: task.owners.map((o) => o.user).filter((u): u is PersonResponse => !!u),
  });
  return {
    ...summary,
    plans: planViews,
    task,
    next_step_blockers: advanceBlockers(
      { ...renewal, step: renewal.step as RenewalStep, client_info_status: summary.client_info_status, plans_checklist_status: summary.plans_checklist_status, demo_environment_status: summary.demo_environment_status },
      planViews,
    ),
    your_sides: sides,
    manages_people: manages,
  };
}
