import { putObject } from '../../functions/lib/storage/objects';
import { newId } from '../../functions/lib/db/attributes';
import { db } from '../../functions/lib/db/service';
import { seedCarrierCatalog } from '../../functions/lib/hierarchy/carrier-catalog';
import { writeRenewal } from '../../functions/lib/renewals/create';
import { taskFileKey } from '../../functions/lib/renewals/task-storage';
import { createConfirmedUser, type LocalPool } from './cognito';
import { DEMO_PASSWORD, demoAgency, demoCarriers, demoCompanies, demoCompanyCarriers, demoOrganizations, demoUsers } from './demo-data';

/**
 * Seeds the demo tenant on first start: one agency, two organizations, three companies, carriers,
 * one user per role (Cognito user + user record sharing the same id, the Cognito `sub`) and a
 * renewal in progress.
 */
export async function seedDemo(cognitoEndpoint: string, pool: LocalPool): Promise<void> {
  const { entities } = db();
  const agency = (await entities.agency.create({ name: demoAgency.name, notes: 'Demo agency' }).go()).data;

  const organizationIds: Record<string, string> = {};
  for (const org of demoOrganizations) {
    const { data } = await entities.organization
      .create({ name: org.name, plan: org.plan, admin_comparer_limit: org.admin_comparer_limit })
      .go();
    organizationIds[org.key] = data.id;
  }
  // The agency manages the first organization only, so agency scoping is visible in the demo.
  await entities.organizationAgency
    .create({ organization_id: organizationIds.org1, agency_id: agency.id, agency_management_type: 'ORGANIZATION_PRIMARY' })
    .go();

  const companyIds: Record<string, string> = {};
  for (const company of demoCompanies) {
    const { data } = await entities.company
      .create({ name: company.name, organization_id: organizationIds[company.organization] })
      .go();
    companyIds[company.key] = data.id;
  }

  const carrierIds: Record<string, string> = {};
  for (const name of demoCarriers) carrierIds[name] = (await entities.carrier.create({ name }).go()).data.id;
  // The rest of the catalog a deployed stage's bootstrap seeds, so the demo offers the same carriers.
  await seedCarrierCatalog();

  // Carriers and plans of the Platinum Elite organization (org1); org2 is on the base plan, which has no carriers.
  await entities.organizationBenefitAdminSystem.create({ organization_id: organizationIds.org1, benefit_admin_system: 'EMPLOYEE_NAVIGATOR' }).go();
  await entities.organizationServiceType
    .create({ organization_id: organizationIds.org1, service_type: 'AUDIT_SERVICES', cost: 250, billing_frequency: 'MONTHLY' })
    .go();
  for (const { company, carrier, plans, ...fields } of demoCompanyCarriers) {
    const organization_id = organizationIds[demoCompanies.find((c) => c.key === company)!.organization];
    const { data: companyCarrier } = await entities.companyCarrier
      .create({ ...fields, organization_id, company_id: companyIds[company], carrier_id: carrierIds[carrier] })
      .go();
    for (const plan of plans) {
      await entities.companyCarrierPlan
        .create({ ...plan, organization_id, company_id: companyIds[company], company_carrier_id: companyCarrier.id })
        .go();
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
    await entities.user
      .create({
        id: sub,
        username: user.email,
        email: user.email,
        role: user.role,
        first_name: user.first_name,
        last_name: user.last_name,
        ...tenant,
      })
      .go();
    userIds[user.email] = sub;
  }

  await seedDemoRenewal(organizationIds.org1, companyIds.company1, userIds);
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
  const { outcome, renewal } = await writeRenewal(tenant, july.id, year, 'JULY', { createdBy: ga });
  // Its key is the carrier and month: a seed run again finds it and adds no second note or file.
  if (outcome === 'exists') return;
  const at = new Date().toISOString();
  await entities.renewal
    .patch({ ...tenant, company_carrier_id: renewal.company_carrier_id, period: renewal.period })
    .set({
      step: 'PLANS_CHECKLIST',
      enrollment_start_date: `${year}-05-01`,
      enrollment_end_date: `${year}-05-15`,
      enrollment_type: 'ACTIVE',
      client_info_status: 'PENDING_REVIEW',
      client_info_status_updated_at: at,
      updated_by_user_id: employer,
    })
    .go();
  const task = { ...tenant, task_id: renewal.task_id };
  await entities.taskOwner.create({ ...task, user_id: ga }).go();
  await entities.taskAssignee.create({ ...task, task_type: 'RENEWAL', step: 'PLANS_CHECKLIST', user_id: employer }).go();
  await entities.taskNote
    .create({ ...task, task_type: 'RENEWAL', step: 'CLIENT_INFORMATION', user_id: employer, notes: 'Open enrollment runs the first two weeks of May. The rates file from the carrier is attached.', tag_id: 'PLAN_RATES', tag_description: 'Plan Rates' })
    .go();
  const bytes = Buffer.from('Plan,Tier,Monthly Rate\nPPO 1000,Employee Only,612.40\nPPO 1000,Family,1688.15\n');
  const fileId = newId();
  const storagePath = taskFileKey({ organizationId, companyId, taskId: renewal.task_id, fileId }, '.csv');
  await putObject(storagePath, bytes, 'text/csv');
  await entities.taskFile
    .create({ ...task, id: fileId, task_type: 'RENEWAL', step: 'CLIENT_INFORMATION', created_by_user_id: employer, name: 'renewal-rates.csv', size: bytes.length, content_type: 'text/csv', tag_id: 'PLAN_RATES', tag_description: 'Plan Rates', storage_path: storagePath, storage_verified: true })
    .go();
}
