import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import { api } from '../support/api';
import { demoIds, type DemoIds } from '../support/users';
import { newCarrierTree } from './hierarchy-support';

/**
 * The renewal reports at each level read exactly their scope: the demo agency manages the first
 * demo organization and not a new one made here, so its reports hold the one's renewals and never
 * the other's; the .xlsx holds every row the list has.
 */
const ADMIN = 'admin@demo.example';
const AGENCY_ADMIN = 'agency-admin@demo.example';
const ORG_ADMIN = 'org-admin@demo.example';
const YEAR = 2040;

let ids: DemoIds;
let unmanagedOrganizationId: string;
const renewalIds: Record<'managed' | 'unmanaged', string> = { managed: '', unmanaged: '' };

/** Starts the renewal of the company's first carrier in its own renewal month of YEAR. */
async function startOn(companyId: string) {
  const carriers = (await api('GET', `/api/companies/${companyId}/company_carriers`, { as: ADMIN })).body.items;
  const carrier = carriers.find((c: { renewal_month?: string | null }) => c.renewal_month);
  expect(carrier).toBeDefined();
  const res = await api('POST', `/api/companies/${companyId}/renewals`, { as: ADMIN, body: { company_carrier_id: carrier.id, year: YEAR, month: carrier.renewal_month } });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.id as string;
}

beforeAll(async () => {
  ids = await demoIds();
  renewalIds.managed = await startOn(ids.company1);
  const unmanaged = await newCarrierTree();
  unmanagedOrganizationId = unmanaged.organization.id;
  renewalIds.unmanaged = await startOn(unmanaged.company.id);
});

const idsOf = (body: { items: Array<{ id: string }> }) => body.items.map((r) => r.id);

describe('renewal reports by level', () => {
  it('an agency reads the renewals of the organizations it manages, never the others', async () => {
    const agency = await api('GET', `/api/agencies/${ids.agency}/renewals?year=${YEAR}`, { as: AGENCY_ADMIN });
    expect(agency.status).toBe(200);
    expect(idsOf(agency.body)).toEqual([renewalIds.managed]);
    const platform = await api('GET', `/api/admin/renewals?year=${YEAR}`, { as: ADMIN });
    expect(idsOf(platform.body).sort()).toEqual([renewalIds.managed, renewalIds.unmanaged].sort());
    expect((await api('GET', `/api/organizations/${unmanagedOrganizationId}/renewals`, { as: ORG_ADMIN })).status).toBe(404);
    expect((await api('GET', `/api/organizations/${unmanagedOrganizationId}/renewal_planning`, { as: AGENCY_ADMIN })).status).toBe(404);
    expect((await api('GET', `/api/agencies/${ids.agency}/renewals`, { as: ORG_ADMIN })).status).toBe(404);
  });

  it('planning lists what renews per month with its renewal, in scope only', async () => {
    const plan = await api('GET', `/api/agencies/${ids.agency}/renewal_planning?from=${YEAR}-01&months=12`, { as: AGENCY_ADMIN });
    expect(plan.status).toBe(200);
    expect(plan.body.months).toHaveLength(12);
    const rows = plan.body.months.flatMap((m: { company_carriers: Array<{ organization_id: string; renewal: { id: string } | null }> }) => m.company_carriers);
    expect(rows.every((r: { organization_id: string }) => r.organization_id === ids.org1)).toBe(true);
    expect(rows.filter((r: { renewal: { id: string } | null }) => r.renewal?.id === renewalIds.managed)).toHaveLength(1);
    expect(rows.some((r: { renewal: { id: string } | null }) => r.renewal?.id === renewalIds.unmanaged)).toBe(false);
    const bad = await api('GET', `/api/admin/renewal_planning?from=2040-13`, { as: ADMIN });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.errors)).toEqual(['from']);
  });

  it('the .xlsx report holds every row of the list', async () => {
    const list = await api('GET', `/api/admin/renewals?year=${YEAR}&limit=1000`, { as: ADMIN });
    const file = await api('GET', `/api/admin/renewals/export?year=${YEAR}`, { as: ADMIN });
    expect(file.status).toBe(200);
    expect(file.body.name).toMatch(/\.xlsx$/);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(Buffer.from(file.body.content_base64, 'base64') as unknown as ArrayBuffer);
    expect(workbook.worksheets.map((w) => w.name)).toEqual(['Summary', 'Renewals']);
    const sheet = workbook.getWorksheet('Renewals')!;
    expect(sheet.rowCount - 1).toBe(list.body.items.length);
    const companies = new Set<string>();
    sheet.eachRow((row, n) => n > 1 && companies.add(String(row.getCell(2).value)));
    expect(companies.size).toBe(2);

    const planning = await api('GET', `/api/organizations/${ids.org1}/renewal_planning/export?from=${YEAR}-01`, { as: ORG_ADMIN });
    expect(planning.status).toBe(200);
    const planBook = new ExcelJS.Workbook();
    await planBook.xlsx.load(Buffer.from(planning.body.content_base64, 'base64') as unknown as ArrayBuffer);
    expect(planBook.worksheets.map((w) => w.name)).toEqual(['Summary', 'Renewal planning']);
  });
});
