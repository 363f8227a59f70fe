import { afterEach, describe, expect, it, vi } from 'vitest';

vi.mock('../../api/session', () => ({ getIdToken: vi.fn(async () => 'id-token'), refreshSession: vi.fn(async () => true) }));

import type { PlanningCarrier, RenewalPlanning, RenewalRow } from '../../data/renewal-reports';
import { fillPath } from '../../api/endpoint-path';
import { fetchEveryRenewal } from '../../data/renewal-reports';
import {
  addMonths,
  companyOptions,
  filtersForBar,
  filtersFromSearch,
  fromOptions,
  goLiveText,
  monthStepChart,
  planningChart,
  planningStatus,
  renewalCards,
  rowMatches,
  searchOfFilters,
  yearOptions,
} from './renewal-report-model';

let n = 0;
function row(fields: Partial<RenewalRow>): RenewalRow {
  n++;
  return {
    id: `r${n}`,
    organization_id: 'o1',
    company_id: 'c1',
    company_name: 'Acme',
    company_carrier_id: 'cc1',
    carrier_id: 'k1',
    carrier_name: 'Aetna',
    task_id: `t${n}`,
    step: 'CLIENT_INFORMATION',
    year: 2026,
    month: 'JANUARY',
    organization_managed: false,
    client_info_status: 'IN_PROGRESS',
    plans_checklist_status: 'IN_PROGRESS',
    demo_environment_status: 'IN_PROGRESS',
    resent_kickoff_counter: 0,
    effective_date: '2026-01-01',
    days_to_go_live: 30,
    overdue: false,
    owners: [],
    created_at: '2025-11-01T00:00:00.000Z',
    updated_at: '2025-11-01T00:00:00.000Z',
    ...fields,
  } as RenewalRow;
}

const rows: RenewalRow[] = [
  row({ step: 'CLIENT_INFORMATION', year: 2026, month: 'JANUARY', overdue: true, days_to_go_live: -10 }),
  row({ step: 'CLIENT_INFORMATION', year: 2026, month: 'MARCH' }),
  row({ step: 'PLANS_CHECKLIST', year: 2026, month: 'MARCH', company_id: 'c2', company_name: 'Bluewater' }),
  row({ step: 'LIVE', year: 2026, month: 'JANUARY', days_to_go_live: -20 }),
  row({ step: 'COMPLETED', year: 2026, month: 'FEBRUARY' }),
  row({ step: 'COMPLETED', year: 2025, month: 'FEBRUARY' }),
  row({ step: 'CLOSED', year: 2027, month: 'JANUARY' }),
];

describe('the renewals report filters', () => {
  it('reads only well-formed filters from the URL and writes them back, keeping other parameters', () => {
    const search = new URLSearchParams('year=2026&month=MARCH&step=NOPE&state=overdue&company_id=c1&tab=x');
    expect(filtersFromSearch(search)).toEqual({ year: 2026, month: 'MARCH', state: 'overdue', company_id: 'c1' });
    expect(filtersFromSearch(new URLSearchParams('year=26&month=march&state=late'))).toEqual({});
    const written = searchOfFilters({ state: 'open', step: 'LIVE' }, search);
    expect(Object.fromEntries(written)).toEqual({ state: 'open', step: 'LIVE', tab: 'x' });
  });

  it('keeps the rows the API keeps for each state', () => {
    const ids = (state: 'open' | 'overdue' | 'completed' | 'closed') => rows.filter((r) => rowMatches(r, { state })).map((r) => r.step);
    expect(ids('open')).toEqual(['CLIENT_INFORMATION', 'CLIENT_INFORMATION', 'PLANS_CHECKLIST', 'LIVE']);
    expect(ids('overdue')).toEqual(['CLIENT_INFORMATION']);
    expect(ids('completed')).toEqual(['COMPLETED', 'COMPLETED']);
    expect(ids('closed')).toEqual(['CLOSED']);
    expect(rows.filter((r) => rowMatches(r, { year: 2026, month: 'MARCH', company_id: 'c2' }))).toHaveLength(1);
  });
});

describe('the stat cards', () => {
  const cards = renewalCards(rows, 2026);
  const byKey = Object.fromEntries(cards.map((c) => [c.key, c]));

  it('count open renewals in all and per open step, overdue, and completed this year', () => {
    expect(byKey.open.count).toBe(4);
    expect(byKey['open-CLIENT_INFORMATION'].count).toBe(2);
    expect(byKey['open-PLANS_CHECKLIST'].count).toBe(1);
    expect(byKey['open-LIVE'].count).toBe(1);
    expect(byKey['open-GA_DEMO_ENVIRONMENT'].count).toBe(0);
    expect(byKey.overdue.count).toBe(1);
    expect(byKey.completed.count).toBe(1);
    expect(cards.map((c) => c.key)).not.toContain('open-COMPLETED');
  });

  it('each opens the filters that list exactly what it counts', () => {
    expect(byKey.completed.filters).toEqual({ state: 'completed', year: 2026 });
    expect(byKey['open-PLANS_CHECKLIST'].filters).toEqual({ state: 'open', step: 'PLANS_CHECKLIST' });
    for (const card of cards) expect(rows.filter((r) => rowMatches(r, card.filters))).toHaveLength(card.count);
  });
});

describe('the chart by renewal month and step', () => {
  it('without a year, has a bar per month that has renewals, stacked by the steps present, in workflow order', () => {
    const chart = monthStepChart(rows, {});
    expect(chart.periods).toEqual(['2025-02', '2026-01', '2026-02', '2026-03', '2027-01']);
    expect(chart.labels[0]).toBe('Feb 2025');
    expect(chart.series.map((s) => s.step)).toEqual(['CLIENT_INFORMATION', 'PLANS_CHECKLIST', 'LIVE', 'COMPLETED', 'CLOSED']);
    expect(chart.series.find((s) => s.step === 'CLIENT_INFORMATION')!.data).toEqual([0, 1, 0, 1, 0]);
    expect(chart.series.find((s) => s.step === 'COMPLETED')!.data).toEqual([1, 0, 1, 0, 0]);
    const total = chart.series.reduce((sum, s) => sum + s.data.reduce((a, b) => a + b, 0), 0);
    expect(total).toBe(rows.length);
  });

  it('with a year, shows every month of it and only the filtered rows', () => {
    const chart = monthStepChart(rows, { year: 2026, state: 'open' });
    expect(chart.periods).toHaveLength(12);
    expect(chart.periods[0]).toBe('2026-01');
    expect(chart.series.map((s) => s.step)).toEqual(['CLIENT_INFORMATION', 'PLANS_CHECKLIST', 'LIVE']);
    expect(chart.series[0].data.slice(0, 3)).toEqual([1, 0, 1]);
  });

  it('a bar opens its month and step, keeping the other filters', () => {
    const chart = monthStepChart(rows, { state: 'open' });
    const march = chart.periods.indexOf('2026-03');
    const plans = chart.series.findIndex((s) => s.step === 'PLANS_CHECKLIST');
    expect(filtersForBar(chart, { state: 'open' }, plans, march)).toEqual({ state: 'open', year: 2026, month: 'MARCH', step: 'PLANS_CHECKLIST' });
    expect(filtersForBar(chart, {}, 99, 0)).toBeNull();
  });
});

describe('filter options and chips', () => {
  it('offers the companies with renewals by name, and years with renewals plus this and next', () => {
    expect(companyOptions(rows)).toEqual([
      { id: 'c1', name: 'Acme' },
      { id: 'c2', name: 'Bluewater' },
    ]);
    expect(companyOptions([], 'cX')).toEqual([{ id: 'cX', name: 'Selected company' }]);
    expect(yearOptions(rows, 2026)).toEqual([2027, 2026, 2025]);
    expect(yearOptions([], 2026, 2040)).toEqual([2040, 2027, 2026]);
  });

  it('says how far each renewal is from going live', () => {
    expect(goLiveText({ step: 'CLIENT_INFORMATION', overdue: true, days_to_go_live: -3 })).toEqual({ text: 'Overdue 3 days', tone: 'error' });
    expect(goLiveText({ step: 'PLANS_CHECKLIST', overdue: false, days_to_go_live: 1 })).toEqual({ text: 'In 1 day', tone: 'warning' });
    expect(goLiveText({ step: 'PLANS_CHECKLIST', overdue: false, days_to_go_live: 90 }).tone).toBe('default');
    expect(goLiveText({ step: 'LIVE', overdue: false, days_to_go_live: -5 }).text).toBe('Live');
    expect(goLiveText({ step: 'CLOSED', overdue: false, days_to_go_live: -5 }).text).toBe('Closed');
  });
});

describe('renewal planning', () => {
  const carrier = (fields: Partial<PlanningCarrier>): PlanningCarrier =>
    ({
      company_carrier_id: `cc${++n}`,
      organization_id: 'o1',
      organization_name: 'Harbor',
      company_id: 'c1',
      company_name: 'Acme',
      carrier_id: 'k1',
      carrier_name: 'Aetna',
      renewal_kickoff_days_in_advance: 60,
      kickoff_date: '2026-11-02',
      kickoff_due: false,
      renewals_disabled: false,
      plans: [],
      eligible: 0,
      enrolled: 0,
      renewal: null,
      ...fields,
    }) as PlanningCarrier;
  const TODAY = '2026-11-24';

  it('tells started, due, not yet due, passed and turned off apart', () => {
    expect(planningStatus(carrier({ renewal: { id: 'r', step: 'LIVE', overdue: false } }), TODAY)).toBe('started');
    expect(planningStatus(carrier({ kickoff_due: true }), TODAY)).toBe('due');
    expect(planningStatus(carrier({ kickoff_date: '2027-03-01' }), TODAY)).toBe('upcoming');
    expect(planningStatus(carrier({ kickoff_date: '2026-09-02' }), TODAY)).toBe('missed');
    expect(planningStatus(carrier({ renewals_disabled: true, kickoff_date: '2027-03-01' }), TODAY)).toBe('off');
  });

  it('stacks each month by status, with the three main series always and the rest only when present', () => {
    const month = (period: string, company_carriers: PlanningCarrier[]) => ({ period, company_carriers }) as unknown as RenewalPlanning['months'][number];
    const planning = {
      from: '2026-11',
      months: [
        month('2026-11', [carrier({ kickoff_date: '2026-09-02' })]),
        month('2026-12', [carrier({ renewal: { id: 'r', step: 'CLIENT_INFORMATION', overdue: false } }), carrier({ kickoff_due: true })]),
        month('2027-01', [carrier({ kickoff_date: '2026-12-15' }), carrier({ kickoff_date: '2026-12-15' })]),
      ],
    } as RenewalPlanning;
    const chart = planningChart(planning, TODAY);
    expect(chart.labels).toEqual(['Nov 2026', 'Dec 2026', 'Jan 2027']);
    expect(chart.series.map((s) => [s.status, s.data])).toEqual([
      ['started', [0, 1, 0]],
      ['due', [0, 1, 0]],
      ['upcoming', [0, 0, 2]],
      ['missed', [1, 0, 0]],
    ]);
  });

  it('moves the from-month across years and offers a range around today', () => {
    expect(addMonths('2026-11', 2)).toBe('2027-01');
    expect(addMonths('2026-01', -1)).toBe('2025-12');
    const options = fromOptions('2026-11', '2030-05');
    expect(options[0]).toBe('2025-11');
    expect(options).toContain('2028-11');
    expect(options.at(-1)).toBe('2030-05');
  });
});

describe('the report reads', () => {
  it('reads each level at its own path, its ids encoded', async () => {
    const asked: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => {
        asked.push(url);
        return new Response(JSON.stringify({ items: [], next: null }), { status: 200 });
      }),
    );
    await fetchEveryRenewal({ level: 'platform' });
    await fetchEveryRenewal({ level: 'organization', organizationId: 'o/1' });
    expect(asked).toEqual(['/api/admin/renewals?limit=1000', '/api/organizations/o%2F1/renewals?limit=1000']);
    expect(() => fillPath({ path: '/api/x/{id}' }, {})).toThrow();
  });

  afterEach(() => vi.unstubAllGlobals());

  it("reads every page of the scope's list, 1000 at a time, until next runs out", async () => {
    const asked: string[] = [];
    const pages: Record<string, { items: RenewalRow[]; next: string | null }> = {
      first: { items: [rows[0], rows[1]], next: 'p2' },
      p2: { items: [rows[2]], next: 'p3' },
      p3: { items: [rows[3]], next: null },
    };
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => {
        asked.push(url);
        const cursor = new URL(url, 'http://localhost').searchParams.get('cursor') ?? 'first';
        return new Response(JSON.stringify(pages[cursor]), { status: 200 });
      }),
    );
    const all = await fetchEveryRenewal({ level: 'agency', agencyId: 'a1' });
    expect(all.map((r) => r.id)).toEqual([rows[0], rows[1], rows[2], rows[3]].map((r) => r.id));
    expect(asked).toEqual(['/api/agencies/a1/renewals?limit=1000', '/api/agencies/a1/renewals?limit=1000&cursor=p2', '/api/agencies/a1/renewals?limit=1000&cursor=p3']);
  });
});
