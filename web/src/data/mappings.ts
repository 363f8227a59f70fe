import type { RequestBodyOf, ResponseOf } from '../../../shared/api/endpoint';
import {
  createOrganizationDataPointsTemplate,
  deleteOrganizationDataPointsTemplate,
  getOrganizationDataPointsTemplate,
  listOrganizationDataPointsTemplates,
  updateOrganizationDataPointsTemplate,
} from '../../../shared/api/comparisons';
import {
  createAdminDataMapping,
  createCompanyDataMapping,
  createOrganizationDataMapping,
  deleteAdminDataMapping,
  deleteCompanyDataMapping,
  deleteOrganizationDataMapping,
  getAdminDataMapping,
  type getCompanyDataMapping,
  listAdminDataMappings,
  listCompanyDataMappings,
  listDataMappingWhitelist,
  listOrganizationDataMappings,
  shareDataMapping,
  unshareDataMapping,
  updateAdminDataMapping,
  updateCompanyDataMapping,
  updateOrganizationDataMapping,
} from '../../../shared/api/data-mappings';
import { listOrganizations } from '../../../shared/api/hierarchy';
import { useSWRConfig } from 'swr';
import type { Endpoint } from '../../../shared/api/endpoint';
import { apiPath, callApi, ownedBy, readsUnder, type ParamsOf } from '../api/endpoints';
import { useItem, useList } from './hierarchy';

/** SWR hooks and writes of data mappings (company, organization, admin level) and organization data points templates. */

/** A mapping as a company or organization reads it, or as the admin does: with the organizations it is shared with. */
export type DataMapping = ResponseOf<typeof getCompanyDataMapping> | AdminDataMapping;
export type AdminDataMapping = ResponseOf<typeof getAdminDataMapping>;

/** A DataMappingsAdminWhitelist row: an admin mapping shared with one organization. */
export type MappingWhitelistRow = ResponseOf<typeof shareDataMapping>;

export type MappingOwner = { level: 'admin' } | { level: 'organization'; organizationId: string } | { level: 'company'; companyId: string };

/** The endpoints of an owner's mappings, with the owner's ids as path parameters (each level's take the same bodies). */
function mappingEndpoints(owner: MappingOwner) {
  if (owner.level === 'admin') return ownedBy({ list: listAdminDataMappings, create: createAdminDataMapping, update: updateAdminDataMapping, remove: deleteAdminDataMapping }, {});
  if (owner.level === 'organization')
    return ownedBy(
      { list: listOrganizationDataMappings, create: createOrganizationDataMapping, update: updateOrganizationDataMapping, remove: deleteOrganizationDataMapping },
      { organization_id: owner.organizationId },
    );
  return ownedBy({ list: listCompanyDataMappings, create: createCompanyDataMapping, update: updateCompanyDataMapping, remove: deleteCompanyDataMapping }, { company_id: owner.companyId });
}

export const dataMappingsPath = (owner: MappingOwner) => {
  const { api, params } = mappingEndpoints(owner);
  return apiPath(api.list, params);
};

export function useDataMappings(owner: MappingOwner) {
  const { api, params } = mappingEndpoints(owner);
  // Every owner's list answers mappings; the admin's carry the organizations they are shared with.
  return useList(api.list, params);
}

/** The organizations an admin mapping is shared with; `null` reads nothing (no dialog open). */
export const useMappingWhitelist = (mappingId: string | null) => useList(listDataMappingWhitelist, mappingId ? { data_mapping_id: mappingId } : null);

/** Every organization an admin mapping could be shared with (an admin's organizations listing holds them all). */
export const useShareableOrganizations = () => useList(listOrganizations, {});

/** Sharing writes of one admin mapping. */
export function useMappingWhitelistWrites(mappingId: string) {
  // Revalidating under the admin mappings path refreshes the whitelist and the list's "Shared with" counts together.
  const write = useListWrite(apiPath(listAdminDataMappings, {}));
  return {
    share: (organizationId: string) => write(shareDataMapping, { data_mapping_id: mappingId }, { organization_id: organizationId }),
    unshare: (organizationId: string) => write(unshareDataMapping, { data_mapping_id: mappingId, organization_id: organizationId }),
  };
}

export type DataPointsTemplate = ResponseOf<typeof getOrganizationDataPointsTemplate>;

export const dataPointsTemplatesPath = (organizationId: string) => apiPath(listOrganizationDataPointsTemplates, { organization_id: organizationId });
export const useDataPointsTemplates = (organizationId: string) => useList(listOrganizationDataPointsTemplates, { organization_id: organizationId });
export const useDataPointsTemplate = (organizationId: string, id: string | undefined) =>
  useItem(getOrganizationDataPointsTemplate, id ? { organization_id: organizationId, data_points_template_id: id } : null);

/** Writes of an owner's mappings; each revalidates the owner's list and its items. */
export function useMappingWrites(owner: MappingOwner) {
  const { api, params } = mappingEndpoints(owner);
  const write = useListWrite(dataMappingsPath(owner));
  const item = (id: string) => ({ ...params, data_mapping_id: id });
  return {
    create: (body: RequestBodyOf<typeof api.create>) => write(api.create, params, body),
    update: (id: string, body: RequestBodyOf<typeof api.update>) => write(api.update, item(id), body),
    remove: (id: string) => write(api.remove, item(id)),
  };
}

/** Writes of an organization's data points templates; each revalidates the list and its items. */
export function useDataPointsTemplateWrites(organizationId: string) {
  const write = useListWrite(dataPointsTemplatesPath(organizationId));
  const item = (id: string) => ({ organization_id: organizationId, data_points_template_id: id });
  return {
    create: (body: RequestBodyOf<typeof createOrganizationDataPointsTemplate>) => write(createOrganizationDataPointsTemplate, { organization_id: organizationId }, body),
    update: (id: string, body: RequestBodyOf<typeof updateOrganizationDataPointsTemplate>) => write(updateOrganizationDataPointsTemplate, item(id), body),
    remove: (id: string) => write(deleteOrganizationDataPointsTemplate, item(id)),
  };
}

/** A write of `endpoint`, then every cached read under `listPath` (the list and its items) revalidated. */
function useListWrite(listPath: string) {
  const { mutate } = useSWRConfig();
  return async <E extends Endpoint>(endpoint: E, params: ParamsOf<E>, body?: RequestBodyOf<E>) => {
    const result = await callApi(endpoint, { params, body, retry: true });
    if (!result.error) await mutate(readsUnder(listPath));
    return result;
  };
}
