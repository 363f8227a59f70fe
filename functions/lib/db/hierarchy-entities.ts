import { AgencyEntity } from './agency';
import { CarrierEntity } from './carrier';
import { CompanyEntity } from './company';
import { OrganizationEntity } from './organization';
import { OrganizationAgencyEntity } from './organization-agency';

/** Entities of the client hierarchy and carriers. */
export const hierarchyEntities = {
  agency: AgencyEntity,
  organization: OrganizationEntity,
  organizationAgency: OrganizationAgencyEntity,
  company: CompanyEntity,
  carrier: CarrierEntity,
};
