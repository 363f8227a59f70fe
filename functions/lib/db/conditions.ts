/** True for a DynamoDB write refused by its condition (ElectroDB passes the client's message on). */
export const isConditionFailure = (error: unknown) => /conditional request failed/i.test((error as Error)?.message ?? '');
