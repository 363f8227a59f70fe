import { z } from 'zod';
import { TerminationReason } from '../organizations';
import { optionalDate, optionalEnum, optionalId, optionalText, updateSchemaOf, required } from './fields';

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
