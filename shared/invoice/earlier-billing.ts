import type { Month } from './months';

/**
 * What earlier invoices of a company carrier billed, member by member, so that a retro charge for a
 * month already billed is seen as a double charge.
 *
 * A reconciliation records every line it read as billed cents per member, coverage line and month
 * (a line of several months spread evenly over them). A member is named by every key that finds
 * them again next month: the enrolled member the line matched (`id:…`, or `name:…` when the files
 * share no identifier) and the bill's own identifier, so a later bill matches whether the
 * enrollment changed or not. Coverage lines are canonical words ('medical'); '' is a bill that
 * charges per member, every line at once.
 */
export interface BilledEntry {
  members: string[];
  coverage: string;
  month: Month;
  cents: number;
}

/** One earlier reconciliation: the months its invoice billed and what it saw billed. */
export interface BilledLedger {
  billing_months: Month[];
  lines: BilledEntry[];
}

/**
 * The carrier's earlier reconciliations a new invoice is reconciled against. Only the ledgers of
 * invoices wholly before the new one's billing period count (a later invoice's retro lines are not
 * what was billed before). `memberKey` writes a member key as the ledgers store it (the pipeline
 * stores a one-way hash, never an identifier); the new ledger is written the same way.
 */
export interface EarlierInvoices {
  ledgers: readonly BilledLedger[];
  memberKey?: (key: string) => string;
}

export const NO_EARLIER_INVOICES: EarlierInvoices = { ledgers: [] };

/** What the reconciliation of a new invoice asks of the carrier's earlier ones. */
export interface EarlierBilling {
  /** Whether an earlier reconciliation of the carrier reconciled the invoice billing this month. */
  knows(month: Month): boolean;
  /** Cents the earlier invoices billed for the member (any of its keys) and coverage line in the month. */
  billed(members: readonly string[], coverage: string, month: Month): number;
}

/** Cents split over n parts that add up to the whole exactly (the remainder cents go to the later parts). */
export function spreadCents(cents: number, parts: number): number[] {
  return Array.from({ length: parts }, (_, i) => Math.round((cents * (i + 1)) / parts) - Math.round((cents * i) / parts));
}

/** Adds up what a reconciliation saw billed, one entry per member, coverage line and month. */
export class BilledLedgerBuilder {
  private readonly entries = new Map<string, BilledEntry>();

  add(members: readonly string[], coverage: string, months: readonly Month[], cents: number): void {
    if (members.length === 0 || months.length === 0) return;
    const sorted = [...new Set(members)].sort();
    const shares = spreadCents(cents, months.length);
    months.forEach((month, i) => {
      const key = `${sorted.join('|')}#${coverage}#${month}`;
      const entry = this.entries.get(key) ?? { members: sorted, coverage, month, cents: 0 };
      entry.cents += shares[i]!;
      this.entries.set(key, entry);
    });
  }

  lines(): BilledEntry[] {
    return [...this.entries.values()];
  }
}

/**
 * The earlier billing of a carrier from its earlier reconciliations' ledgers. A member found under
 * several keys is counted once per entry. A coverage line is matched as billed, or as the whole
 * member when either bill charges per member ('').
 */
export function earlierBillingOf(ledgers: readonly BilledLedger[]): EarlierBilling {
  const months = new Set(ledgers.flatMap((l) => l.billing_months));
  // entry index by member key, coverage and month; and by member key and month for per-member bills.
  const byLine = new Map<string, BilledEntry[]>();
  const byMember = new Map<string, BilledEntry[]>();
  const push = (map: Map<string, BilledEntry[]>, key: string, entry: BilledEntry) => map.set(key, [...(map.get(key) ?? []), entry]);
  for (const ledger of ledgers) {
    for (const entry of ledger.lines) {
      for (const member of entry.members) {
        push(byLine, `${member}#${entry.coverage}#${entry.month}`, entry);
        push(byMember, `${member}#${entry.month}`, entry);
      }
    }
  }
  return {
    knows: (month) => months.has(month),
    billed(members, coverage, month) {
      const found = new Set<BilledEntry>();
      for (const member of members) {
        const candidates = coverage === '' ? byMember.get(`${member}#${month}`) : [...(byLine.get(`${member}#${coverage}#${month}`) ?? []), ...(byLine.get(`${member}##${month}`) ?? [])];
        for (const entry of candidates ?? []) found.add(entry);
      }
      let cents = 0;
      for (const entry of found) cents += entry.cents;
      return cents;
    },
  };
}
