import { z } from 'zod';
import { BenefitAdminSystem } from '../organizations';
import { optionalText, updateSchemaOf } from './fields';
import { id, instant, maybe } from './records';

/** OrganizationBenefitAdminSystem (SPEC §3): a benefit admin system the organization's companies use. */
export const organizationBenefitAdminSystemCreateSchema = z
  .object({
    benefit_admin_system: BenefitAdminSystem.schema,
    notes: optionalText(),
  })
  .strict();
export const organizationBenefitAdminSystemUpdateSchema = updateSchemaOf(organizationBenefitAdminSystemCreateSchema);

export type OrganizationBenefitAdminSystemCreate = z.infer<typeof organizationBenefitAdminSystemCreateSchema>;
export type OrganizationBenefitAdminSystemUpdate = z.infer<typeof organizationBenefitAdminSystemUpdateSchema>;

// ── Responses ────────────────────────────────────────────────────────────────────────────────────

export const organizationBenefitAdminSystemResponse = z.strictObject({
  id: id(),
  organization_id: id(),
  benefit_admin_system: z.string(),
  notes: maybe(z.string()),
  updated_at: instant(),
});
