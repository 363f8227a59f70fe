import { z } from 'zod';
import { TerminationReason } from '../organizations';
import { optionalDate, optionalEnum, optionalId, optionalText, updateSchemaOf, required } from './fields';
import { id, instant, maybe } from './records';

/** Company (SPEC §3), every field but its organization, which comes from the path. */
export const companyCreateSchema = z
  .object({
    name: required(),
    notes: optionalText(),
    termination_date: optionalDate(),
    termination_reason: optionalEnum(TerminationReason.schema),
    first_demo_date: optionalDate(),
    activation_date: optionalDate(),
    primary_organization_contact_user_id: optionalId(),
    secondary_organization_contact_user_id: optionalId(),
    organization_benefit_admin_system_id: optionalId(),
    renewal_contact_user_id: optionalId(),
    inactive: z.boolean().optional(),
  })
  .strict();
export const companyUpdateSchema = updateSchemaOf(companyCreateSchema);

export type CompanyCreate = z.infer<typeof companyCreateSchema>;
export type CompanyUpdate = z.infer<typeof companyUpdateSchema>;

// ── Responses ────────────────────────────────────────────────────────────────────────────────────

/** A company as stored. */
export const companyResponse = z.strictObject({
  id: id(),
  organization_id: id(),
  name: z.string(),
  inactive: maybe(z.boolean()),
  notes: maybe(z.string()),
  termination_date: maybe(z.string()),
  termination_reason: maybe(z.string()),
  first_demo_date: maybe(z.string()),
  activation_date: maybe(z.string()),
  primary_organization_contact_user_id: maybe(z.string()),
  secondary_organization_contact_user_id: maybe(z.string()),
  organization_benefit_admin_system_id: maybe(z.string()),
  renewal_contact_user_id: maybe(z.string()),
  updated_at: instant(),
});
