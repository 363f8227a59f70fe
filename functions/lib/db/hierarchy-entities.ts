import { AgencyEntity } from './agency';
import { CarrierEntity } from './carrier';
import { CompanyEntity } from './company';
import { CompanyCarrierEntity } from './company-carrier';
import { CompanyCarrierPlanEntity } from './company-carrier-plan';
import { OrganizationEntity } from './organization';
import { OrganizationAgencyEntity } from './organization-agency';
import { OrganizationBenefitAdminSystemEntity } from './organization-benefit-admin-system';
import { OrganizationServiceTypeEntity } from './organization-service-type';

/** Entities of the client hierarchy and carriers. */
export const hierarchyEntities = {
  agency: AgencyEntity,
  organization: OrganizationEntity,
  organizationAgency: OrganizationAgencyEntity,
  organizationServiceType: OrganizationServiceTypeEntity,
  organizationBenefitAdminSystem: OrganizationBenefitAdminSystemEntity,
  company: CompanyEntity,
  carrier: CarrierEntity,
  companyCarrier: CompanyCarrierEntity,
  companyCarrierPlan: CompanyCarrierPlanEntity,
};
