import { db } from '../../functions/lib/db/service';
import { createConfirmedUser, type LocalPool } from './cognito';
import { DEMO_PASSWORD, demoAgency, demoCarriers, demoCompanies, demoCompanyCarriers, demoOrganizations, demoUsers } from './demo-data';

/**
 * Seeds the demo tenant on first start: one agency, two organizations, three companies, carriers,
 * and one user per role (Cognito user + user record sharing the same id, the Cognito `sub`).
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
  }
}
