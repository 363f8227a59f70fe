import { Service } from 'electrodb';
import { dynamo } from '../aws';
import { config } from '../config';
import { AgencyEntity } from './agency';
import { CarrierEntity } from './carrier';
import { CompanyEntity } from './company';
import { OrganizationEntity } from './organization';
import { OrganizationAgencyEntity } from './organization-agency';
import { UserEntity } from './user';

/** Every entity of the single table, grouped in one ElectroDB service. */
function makeService() {
  return new Service(
    {
      user: UserEntity,
      agency: AgencyEntity,
      organization: OrganizationEntity,
      organizationAgency: OrganizationAgencyEntity,
      company: CompanyEntity,
      carrier: CarrierEntity,
    },
    { table: config.tableName, client: dynamo() },
  );
}

let service: ReturnType<typeof makeService> | undefined;
/** The service bound to this container's table and client (created on first use). */
export function db() {
  return (service ??= makeService());
}
