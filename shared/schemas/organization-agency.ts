import { z } from 'zod';
import { AgencyManagementType } from '../organizations';
import { updatedAtField, required } from './fields';

/** OrganizationAgency (SPEC §3): links an agency to an organization, with how it manages it. */
export const organizationAgencyCreateSchema = z
  .object({
    agency_id: required(),
    agency_management_type: AgencyManagementType.schema,
  })
  .strict();
/** The agency of a link is its key: only the management type changes. */
export const organizationAgencyUpdateSchema = z
  .object({
    agency_management_type: AgencyManagementType.schema,
    updated_at: updatedAtField(),
  })
  .strict();

export type OrganizationAgencyCreate = z.infer<typeof organizationAgencyCreateSchema>;
export type OrganizationAgencyUpdate = z.infer<typeof organizationAgencyUpdateSchema>;
