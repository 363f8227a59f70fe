import { putObject } from '../../functions/lib/storage/objects';
import { newId } from '../../functions/lib/db/attributes';
import { isConditionFailure } from '../../functions/lib/db/conditions';
import { db } from '../../functions/lib/db/service';
import { seedCarrierCatalog } from '../../functions/lib/hierarchy/carrier-catalog';
import { allCarriers } from '../../functions/lib/hierarchy/carriers';
import { writeRenewal } from '../../functions/lib/renewals/create';
import { taskFileKey } from '../../functions/lib/renewals/task-storage';
import { createConfirmedUser, type LocalPool } from './cognito';
import { DEMO_GA_CONTACT, DEMO_PASSWORD, demoAgency, demoCarriers, demoCompanies, demoCompanyCarriersOn, demoOrganizations, demoUsers } from './demo-data';

/**
 * Seeds the demo tenant on first start: one agency, two organizations, three companies, carriers,
 * one user per role (Cognito user + user record sharing the same id, the Cognito `sub`), the
 * renewal contacts, and a renewal in progress.
 *
 * Every record is looked for before it is made (by its name, or its key), so a start stopped
 * half-way through the seed finishes it on the next start: nothing twice, nothing missing.
 */
export async function seedDemo(cognitoEndpoint: string, pool: LocalPool): Promise<void> {
  const { entities } = db();
  const agency = await findOrCreate(
    async () => (await entities.agency.query.all({}).go({ pages: 'all' })).data.find((a) => a.name === demoAgency.name),
    async () => (await entities.agency.create({ name: demoAgency.name, notes: 'Demo agency' }).go()).data,
  );

  const { data: organizations } = await entities.organization.query.all({}).go({ pages: 'all' });
  const organizationIds: Record<string, string> = {};
  for (const org of demoOrganizations) {
    const found = organizations.find((o) => o.name === org.name);
    organizationIds[org.key] =
      found?.id ?? (await entities.organization.create({ name: org.name, plan: org.plan, admin_comparer_limit: org.admin_comparer_limit }).go()).data.id;
  }
  // The agency manages the first organization only, so agency scoping is visible in the demo.
  await createOnce(() =>
    entities.organizationAgency.create({ organization_id: organizationIds.org1, agency_id: agency.id, agency_management_type: 'ORGANIZATION_PRIMARY' }).go(),
  );

  const companyIds: Record<string, string> = {};
  for (const company of demoCompanies) {
    const organization_id = organizationIds[company.organization];
    companyIds[company.key] = (
      await findOrCreate(
        async () => (await entities.company.query.byOrganization({ organization_id }).go({ pages: 'all' })).data.find((c) => c.name === company.name),
        async () => (await entities.company.create({ name: company.name, organization_id }).go()).data,
      )
    ).id;
  }

  // The demo's carriers, then the rest of the catalog a deployed stage's bootstrap seeds, so the
  // demo offers the same carriers; both add only the names not there yet.
  await seedCarrierCatalog(demoCarriers);
  await seedCarrierCatalog();
  const carriers = await allCarriers();
  const carrierIds = Object.fromEntries(demoCarriers.map((name) => [name, carriers.find((c) => c.name === name)!.id]));

  // Carriers and plans of the Platinum Elite organization (org1); org2 is on the base plan, which has no carriers.
  const org1 = { organization_id: organizationIds.org1 };
  const { data: systems } = await entities.organizationBenefitAdminSystem.query.byOrganization(org1).go({ pages: 'all' });
  if (!systems.some((s) => s.benefit_admin_system === 'EMPLOYEE_NAVIGATOR')) {
    await entities.organizationBenefitAdminSystem.create({ ...org1, benefit_admin_system: 'EMPLOYEE_NAVIGATOR' }).go();
  }
  const { data: services } = await entities.organizationServiceType.query.byOrganization(org1).go({ pages: 'all' });
  if (!services.some((s) => s.service_type === 'AUDIT_SERVICES')) {
    await entities.organizationServiceType.create({ ...org1, service_type: 'AUDIT_SERVICES', cost: 250, billing_frequency: 'MONTHLY' }).go();
  }
  const companyCarrierIds: string[] = [];
  const companyCarriers = demoCompanyCarriersOn(new Date());
  for (const { company, carrier, plans, ...fields } of companyCarriers) {
    const tenant = { organization_id: organizationIds[demoCompanies.find((c) => c.key === company)!.organization], company_id: companyIds[company] };
    const companyCarrier = await findOrCreate(
      async () => (await entities.companyCarrier.query.byCompany(tenant).go({ pages: 'all' })).data.find((c) => c.carrier_id === carrierIds[carrier]),
      async () => (await entities.companyCarrier.create({ ...fields, ...tenant, carrier_id: carrierIds[carrier] }).go()).data,
    );
    companyCarrierIds.push(companyCarrier.id);
    const { data: existing } = await entities.companyCarrierPlan.query.byCompanyCarrier({ ...tenant, company_carrier_id: companyCarrier.id }).go({ pages: 'all' });
    for (const plan of plans) {
      if (existing.some((p) => p.name === plan.name)) continue;
      await entities.companyCarrierPlan.create({ ...plan, ...tenant, company_carrier_id: companyCarrier.id }).go();
    }
  }

  const userIds: Record<string, string> = {};
  for (const user of demoUsers) {
    const tenant = {
      agency_id: user.agency ? agency.id : undefined,
      organization_id: user.organization ? organizationIds[user.organization] : undefined,
      company_id: user.company ? companyIds[user.company] : undefined,
    };
    const sub = await createConfirmedUser(cognitoEndpoint, pool, {
      email: user.email,
      password: DEMO_PASSWORD,
      role: user.role,
      attributes: {
        given_name: user.first_name,
        family_name: user.last_name,
        'custom:agency_id': tenant.agency_id,
        'custom:organization_id': tenant.organization_id,
        'custom:company_id': tenant.company_id,
      },
    });
    await createOnce(() =>
      entities.user
        .create({
          id: sub,
          username: user.email,
          email: user.email,
          role: user.role,
          first_name: user.first_name,
          last_name: user.last_name,
          ...tenant,
        })
        .go(),
    );
    userIds[user.email] = sub;
  }

  // The kickoff e-mail of each renewal goes to the company's renewal contact and the carrier's GA contacts.
  for (const company of demoCompanies) {
    if (!company.renewal_contact) continue;
    await entities.company
      .patch({ organization_id: organizationIds[company.organization], id: companyIds[company.key] })
      .set({ renewal_contact_user_id: userIds[company.renewal_contact] })
      .go();
  }
  for (const [i, { company }] of companyCarriers.entries()) {
    await entities.companyCarrier
      .patch({ organization_id: organizationIds[demoCompanies.find((c) => c.key === company)!.organization], company_id: companyIds[company], id: companyCarrierIds[i] })
      .set({ ga_eligibility_contact_user_id: userIds[DEMO_GA_CONTACT] })
      .go();
  }

  await seedDemoRenewal(organizationIds.org1, companyIds.company1, userIds);
}

/** The record `find` answers, or the one `create` makes when there is none. */
async function findOrCreate<T>(find: () => Promise<T | undefined>, create: () => Promise<T>): Promise<T> {
  return (await find()) ?? create();
}

/** A create whose record is keyed by what it holds: already there (a seed stopped after it), it is left as it is. */
async function createOnce(create: () => Promise<unknown>): Promise<void> {
  try {
    await create();
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
  }
}

/**
 * A renewal in progress on the demo: Acme's July carrier, its client information given by the
 * company admin and waiting for the GA's review, the checklist under way, with an owner, an
 * assignee, a note and an attached rates file.
 */
async function seedDemoRenewal(organizationId: string, companyId: string, userIds: Record<string, string>): Promise<void> {
  const { entities } = db();
  const tenant = { organization_id: organizationId, company_id: companyId };
  const { data: carriers } = await entities.companyCarrier.query.byCompany(tenant).go({ pages: 'all' });
  const july = carriers.find((c) => c.renewal_month === 'JULY');
  if (!july) return;
  const today = new Date();
  const year = today.getUTCMonth() < 6 ? today.getUTCFullYear() : today.getUTCFullYear() + 1;
  const ga = userIds['org-admin@demo.example'];
  const employer = userIds['company-admin@demo.example'];
  // Its key is the carrier and month: a seed run again finds it, and finishes what a stopped one left.
  const { outcome, renewal } = await writeRenewal(tenant, july.id, year, 'JULY', { createdBy: ga });
  if (outcome === 'created' || renewal.step === 'CLIENT_INFORMATION') {
    await entities.renewal
      .patch({ ...tenant, company_carrier_id: renewal.company_carrier_id, period: renewal.period })
      .set({
        step: 'PLANS_CHECKLIST',
        enrollment_start_date: `${year}-05-01`,
        enrollment_end_date: `${year}-05-15`,
        enrollment_type: 'ACTIVE',
        client_info_status: 'PENDING_REVIEW',
        client_info_status_updated_at: new Date().toISOString(),
        updated_by_user_id: employer,
      })
      .go();
  }
  const task = { ...tenant, task_id: renewal.task_id };
  await createOnce(() => entities.taskOwner.create({ ...task, user_id: ga }).go());
  await createOnce(() => entities.taskAssignee.create({ ...task, task_type: 'RENEWAL', step: 'PLANS_CHECKLIST', user_id: employer }).go());
  const { data: notes } = await entities.taskNote.query.byTask(task).go({ pages: 'all' });
  if (!notes.length) {
    await entities.taskNote
      .create({ ...task, task_type: 'RENEWAL', step: 'CLIENT_INFORMATION', user_id: employer, notes: 'Open enrollment runs the first two weeks of May. The rates file from the carrier is attached.', tag_id: 'PLAN_RATES', tag_description: 'Plan Rates' })
      .go();
  }
  const { data: files } = await entities.taskFile.query.byTask(task).go({ pages: 'all' });
  if (files.some((f) => f.name === 'renewal-rates.csv')) return;
  const bytes = Buffer.from('Plan,Tier,Monthly Rate\nPPO 1000,Employee Only,612.40\nPPO 1000,Family,1688.15\n');
  const fileId = newId();
  const storagePath = taskFileKey({ organizationId, companyId, taskId: renewal.task_id, fileId }, '.csv');
  await putObject(storagePath, bytes, 'text/csv');
  await entities.taskFile
    .create({ ...task, id: fileId, task_type: 'RENEWAL', step: 'CLIENT_INFORMATION', created_by_user_id: employer, name: 'renewal-rates.csv', size: bytes.length, content_type: 'text/csv', tag_id: 'PLAN_RATES', tag_description: 'Plan Rates', storage_path: storagePath, storage_verified: true })
    .go();
}
