import type { RequestBodyOf, ResponseOf } from '../../../shared/api/endpoint';
import type { createOrganizationDataPointsTemplate, getOrganizationDataPointsTemplate } from '../../../shared/api/comparisons';
import type { createCompanyDataMapping, getAdminDataMapping, getCompanyDataMapping, shareDataMapping } from '../../../shared/api/data-mappings';
import { enc, useItem, useList } from './hierarchy';
import { useSWRConfig } from 'swr';
import { requestWithPolicy, type HttpMethod } from '../api/request';
import type { Organization } from './organizations';

/** SWR hooks and writes of data mappings (company, organization, admin level) and organization data points templates. */

/** A mapping as a company or organization reads it, or as the admin does: with the organizations it is shared with. */
export type DataMapping = ResponseOf<typeof getCompanyDataMapping> | AdminDataMapping;
export type AdminDataMapping = ResponseOf<typeof getAdminDataMapping>;
export type MappingField = NonNullable<RequestBodyOf<typeof createCompanyDataMapping>['fields']>[number];

/** A DataMappingsAdminWhitelist row: an admin mapping shared with one organization. */
export type MappingWhitelistRow = ResponseOf<typeof shareDataMapping>;

export type MappingOwner = { level: 'admin' } | { level: 'organization'; organizationId: string } | { level: 'company'; companyId: string };

export const dataMappingsPath = (owner: MappingOwner) =>
  owner.level === 'admin'
    ? '/api/admin/data_mappings'
    : owner.level === 'organization'
      ? `/api/organizations/${enc(owner.organizationId)}/data_mappings`
      : `/api/companies/${enc(owner.companyId)}/data_mappings`;

export const useDataMappings = (owner: MappingOwner) => useList<DataMapping>(dataMappingsPath(owner));

const ADMIN_MAPPINGS_PATH = dataMappingsPath({ level: 'admin' });
export const mappingWhitelistPath = (mappingId: string) => `${ADMIN_MAPPINGS_PATH}/${enc(mappingId)}/whitelist`;

/** The organizations an admin mapping is shared with; `null` reads nothing (no dialog open). */
export const useMappingWhitelist = (mappingId: string | null) => useList<MappingWhitelistRow>(mappingId ? mappingWhitelistPath(mappingId) : null);

/** Every organization an admin mapping could be shared with (an admin's organizations listing holds them all). */
export const useShareableOrganizations = () => useList<Organization>('/api/organizations');

/** Sharing writes of one admin mapping. */
export function useMappingWhitelistWrites(mappingId: string) {
  // Revalidating under the admin mappings path refreshes the whitelist and the list's "Shared with" counts together.
  const write = useListWrite(ADMIN_MAPPINGS_PATH);
  return {
    share: (organizationId: string) => write<MappingWhitelistRow>('POST', mappingWhitelistPath(mappingId), { organization_id: organizationId }),
    unshare: (organizationId: string) => write<void>('DELETE', `${mappingWhitelistPath(mappingId)}/${enc(organizationId)}`),
  };
}

export type DataPointsTemplate = ResponseOf<typeof getOrganizationDataPointsTemplate>;
export type DataPointsTemplateColumn = RequestBodyOf<typeof createOrganizationDataPointsTemplate>['columns'][number];

export const dataPointsTemplatesPath = (organizationId: string) => `/api/organizations/${enc(organizationId)}/data_points_templates`;
export const useDataPointsTemplates = (organizationId: string) => useList<DataPointsTemplate>(dataPointsTemplatesPath(organizationId));
export const useDataPointsTemplate = (organizationId: string, id: string | undefined) =>
  useItem<DataPointsTemplate>(id ? `${dataPointsTemplatesPath(organizationId)}/${enc(id)}` : null);

/** A write under `listPath`, then the list and its items revalidated through the SWR cache. */
export function useListWrite(listPath: string) {
  const { mutate } = useSWRConfig();
  return async <T>(method: HttpMethod, path: string, body?: unknown) => {
    const result = await requestWithPolicy<T>(path, { method, body });
    if (!result.error) {
      await mutate((key) => {
        const k = Array.isArray(key) ? key[0] : key;
        return typeof k === 'string' && k.startsWith(listPath);
      });
    }
    return result;
  };
}
