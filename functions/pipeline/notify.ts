// Placeholder task of the comparison pipeline; the comparison core fills it in.
export async function handler(event: Record<string, unknown>): Promise<Record<string, unknown>> {
  return { ...event, task: 'notify' };
}
