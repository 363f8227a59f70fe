import { z } from 'zod';
import { BillingFrequency, ServiceType } from '../organizations';
import { optionalAmount, optionalEnum, optionalText, updateSchemaOf } from './fields';
import { id, instant, maybe } from './records';

/** OrganizationServiceType (SPEC §3): a service the organization buys, with its cost and billing. */
export const organizationServiceTypeCreateSchema = z
  .object({
    service_type: ServiceType.schema,
    cost: optionalAmount('cost'),
    billing_frequency: optionalEnum(BillingFrequency.schema),
    notes: optionalText(),
  })
  .strict();
export const organizationServiceTypeUpdateSchema = updateSchemaOf(organizationServiceTypeCreateSchema);

export type OrganizationServiceTypeCreate = z.infer<typeof organizationServiceTypeCreateSchema>;
export type OrganizationServiceTypeUpdate = z.infer<typeof organizationServiceTypeUpdateSchema>;

// ── Responses ────────────────────────────────────────────────────────────────────────────────────

export const organizationServiceTypeResponse = z.strictObject({
  id: id(),
  organization_id: id(),
  service_type: z.string(),
  cost: maybe(z.number()),
  billing_frequency: maybe(z.string()),
  notes: maybe(z.string()),
  updated_at: instant(),
});
