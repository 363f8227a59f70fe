import { z } from 'zod';
import { AgencyManagementType } from '../organizations';
import { updatedAtField, required } from './fields';
import { id, instant } from './records';

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

// ── Responses ────────────────────────────────────────────────────────────────────────────────────

/** A link as stored (the answer of PATCH). */
export const organizationAgencyResponse = z.strictObject({
  organization_id: id(),
  agency_id: id(),
  agency_management_type: z.string(),
  updated_at: instant(),
});

/** A link with its agency's name and state, as the list and POST answer it (null when the agency is gone). */
export const organizationAgencyLinkResponse = z.strictObject({
  ...organizationAgencyResponse.shape,
  agency_name: z.string().nullable(),
  agency_inactive: z.boolean().nullable(),
});
