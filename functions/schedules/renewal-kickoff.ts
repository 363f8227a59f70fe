// Daily renewal kickoff job; the renewals work fills it in.
export async function handler(): Promise<{ kicked_off: number }> {
  return { kicked_off: 0 };
}
