import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { PLAN_DOES_NOT_SUPPORT_CARRIERS } from '../../shared/messages';
import { api } from '../support/api';
import { ADMIN, newCarrier, newCompany, newOrganization, unique } from './hierarchy-support';

const csv = (rows: string[][]) => rows.map((r) => r.map((c) => (/[",\n]/.test(c) ? `"${c.replace(/"/g, '""')}"` : c)).join(',')).join('\n');
const file = (name: string, text: string) => ({ name, content_base64: Buffer.from(text).toString('base64') });
const importPath = (orgId: string, kind: string, step: string) => `/api/organizations/${orgId}/imports/${kind}/${step}`;

async function companyNames(orgId: string) {
  return (await api('GET', `/api/organizations/${orgId}/companies`, { as: ADMIN })).body.items.map((c: any) => c.name).sort();
}

describe('company import', () => {
  it('lists a bad row among many by row, column and message, and commit writes nothing', async () => {
    const organization = await newOrganization();
    const names = Array.from({ length: 8 }, (_, i) => unique(`Imported ${i}`));
    const rows = names.map((n, i) => [n, i === 4 ? '31/31/2025' : '2025-03-01', 'note']);
    const upload = file('companies.csv', csv([['Company Name', 'Activation Date', 'Notes'], ...rows]));

    const preview = await api('POST', importPath(organization.id, 'companies', 'preview'), { as: ADMIN, body: upload });
    // The refusal carries `problems` beside its message, wider than the error shape the contract check holds answers to.
    const commit = await api('POST', importPath(organization.id, 'companies', 'commit'), { as: ADMIN, body: upload });

    expect(preview.status).toBe(200);
    expect(preview.body.rows).toHaveLength(8);
    expect(preview.body.problems).toEqual([{ row: 6, column: 'Activation Date', message: 'Please enter a valid date (yyyy-MM-dd)' }]);
    expect(commit.status).toBe(400);
    expect(commit.body.problems).toEqual(preview.body.problems);
    expect(await companyNames(organization.id)).toEqual([]);
  });

  it('writes every row of a clean file, from csv or xlsx', async () => {
    const organization = await newOrganization();
    const names = [unique('Alpha'), unique('Beta'), unique('Gamma')];
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Companies');
    sheet.addRow(['Company Name', 'First Demo Date', 'Notes']);
    names.forEach((n) => sheet.addRow([n, new Date(Date.UTC(2025, 0, 15)), 'from xlsx']));
    const xlsx = { name: 'companies.xlsx', content_base64: Buffer.from(await workbook.xlsx.writeBuffer()).toString('base64') };

    const commit = await api('POST', importPath(organization.id, 'companies', 'commit'), { as: ADMIN, body: xlsx });

    expect(commit).toEqual({ status: 201, body: { kind: 'companies', created: 3 } });
    const companies = (await api('GET', `/api/organizations/${organization.id}/companies`, { as: ADMIN })).body.items;
    expect(companies.map((c: any) => c.name).sort()).toEqual([...names].sort());
    expect(companies[0].first_demo_date).toBe('2025-01-15');
  });

  it('refuses companies that already exist or repeat within the file', async () => {
    const organization = await newOrganization();
    const existing = await newCompany(organization.id);
    const fresh = unique('Fresh');
    const upload = file('c.csv', csv([['Company Name'], [existing.name.toUpperCase()], [fresh], [fresh]]));
    const preview = await api('POST', importPath(organization.id, 'companies', 'preview'), { as: ADMIN, body: upload });
    expect(preview.body.problems).toEqual([
      { row: 2, column: 'Company Name', message: 'A company with this name already exists in this organization' },
      { row: 4, column: 'Company Name', message: 'This company is already in row 3 of the file' },
    ]);
  });

  it('writes more than one transaction of rows (150) all at once', async () => {
    const organization = await newOrganization();
    const rows = Array.from({ length: 150 }, (_, i) => [`Bulk ${String(i).padStart(3, '0')} ${organization.id.slice(0, 6)}`]);
    const commit = await api('POST', importPath(organization.id, 'companies', 'commit'), { as: ADMIN, body: file('bulk.csv', csv([['Company Name'], ...rows])) });
    expect(commit.status).toBe(201);
    const list = await api('GET', `/api/organizations/${organization.id}/companies?limit=1000`, { as: ADMIN });
    expect(list.body.items).toHaveLength(150);
  });

  it('names a missing required column', async () => {
    const organization = await newOrganization();
    const preview = await api('POST', importPath(organization.id, 'companies', 'preview'), { as: ADMIN, body: file('c.csv', 'Notes,Activation Date\nhello,2025-01-01\n') });
    expect(preview.body.problems).toContainEqual({ row: 1, column: 'Company Name', message: 'This column is missing' });
  });

  it('is refused to roles that may not import and to other tenants (404)', async () => {
    const organization = await newOrganization();
    const upload = file('c.csv', csv([['Company Name'], ['X']]));
    expect((await api('POST', importPath(organization.id, 'companies', 'preview'), { as: 'org-admin@demo.example', body: upload })).status).toBe(404);
    const me = (await api('GET', '/api/me', { as: 'org-comparer@demo.example' })).body;
    expect((await api('POST', importPath(me.organization_id, 'companies', 'commit'), { as: 'org-comparer@demo.example', body: upload })).status).toBe(404);
  });
});

describe('company carrier and plan imports', () => {
  it('reports unknown companies and carriers instead of creating them, and commit writes nothing', async () => {
    const organization = await newOrganization();
    const company = await newCompany(organization.id);
    const carrier = await newCarrier();
    const upload = file(
      'cc.csv',
      csv([
        ['Company Name', 'Carrier Name', 'Group Number', 'Renewal Month', 'Renewal Kickoff Days In Advance', 'Carrier Invoice Day Of Month', 'Contact Email'],
        [company.name, carrier.name, 'G1', 'July', '45', 'End of Month (29, 30, 31)', 'rep@carrier.example'],
        ['Nobody Inc', carrier.name, 'G2', 'July', '45', '15', ''],
        [company.name, 'Imaginary Mutual', 'G3', 'July', '45', '15', ''],
        [company.name, carrier.name, 'G4', 'Julember', '10', '30', 'bad@'],
      ]),
    );
    const preview = await api('POST', importPath(organization.id, 'company_carriers', 'preview'), { as: ADMIN, body: upload });
    // The refusal carries `problems` beside its message, wider than the error shape the contract check holds answers to.
    const commit = await api('POST', importPath(organization.id, 'company_carriers', 'commit'), { as: ADMIN, body: upload });

    expect(preview.body.problems).toEqual([
      { row: 3, column: 'Company Name', message: 'Unknown company "Nobody Inc": no active company of this organization has this name' },
      {
        row: 4,
        column: 'Carrier Name',
        message: `Unknown carrier "Imaginary Mutual": it is not in the platform's carrier catalog (Carriers, /admin/carriers), where a DMS Admin adds it`,
        carrier_not_in_catalog: 'Imaginary Mutual',
      },
      expect.objectContaining({ row: 5, column: 'Renewal Month' }),
      { row: 5, column: 'Contact Email', message: 'Please enter a valid email' },
      expect.objectContaining({ row: 5, column: 'Carrier Invoice Day Of Month' }),
      { row: 5, column: 'Renewal Kickoff Days In Advance', message: 'renewal_kickoff_days_in_advance must be between 30 and 90' },
    ].sort((a: any, b: any) => a.row - b.row));
    expect(preview.body.rows[0].values).toMatchObject({ renewal_month: 'JULY', carrier_invoice_day_of_month: 31, renewal_kickoff_days_in_advance: 45 });
    expect(commit.status).toBe(400);
    expect((await api('GET', `/api/companies/${company.id}/company_carriers`, { as: ADMIN })).body.items).toEqual([]);
    const carriers = (await api('GET', '/api/carriers?limit=1000', { as: ADMIN })).body.items.map((c: any) => c.name);
    expect(carriers).not.toContain('Imaginary Mutual');
  });

  it('names a carrier that is deactivated in the catalog as inactive, in either import', async () => {
    const organization = await newOrganization();
    const company = await newCompany(organization.id);
    const carrier = await newCarrier();
    expect((await api('DELETE', `/api/carriers/${carrier.id}`, { as: ADMIN })).status).toBe(200);
    const inactive = `Carrier "${carrier.name}" is inactive in the platform's carrier catalog (Carriers, /admin/carriers), where a DMS Admin can reactivate it`;

    const carriersFile = file('cc.csv', csv([['Company Name', 'Carrier Name', 'Renewal Month'], [company.name, carrier.name, 'July']]));
    const carriersPreview = await api('POST', importPath(organization.id, 'company_carriers', 'preview'), { as: ADMIN, body: carriersFile });
    expect(carriersPreview.body.problems).toEqual([{ row: 2, column: 'Carrier Name', message: inactive, carrier_not_in_catalog: carrier.name }]);

    const plansFile = file('plans.csv', csv([['Company Name', 'Carrier Name', 'Plan Name', 'Benefit Type'], [company.name, carrier.name, 'PPO', 'Medical']]));
    const plansPreview = await api('POST', importPath(organization.id, 'company_carrier_plans', 'preview'), { as: ADMIN, body: plansFile });
    expect(plansPreview.body.problems).toContainEqual({ row: 2, column: 'Carrier Name', message: inactive, carrier_not_in_catalog: carrier.name });
  });

  it('imports company carriers, then their plans by company and carrier name', async () => {
    const organization = await newOrganization();
    const company = await newCompany(organization.id);
    const carrier = await newCarrier();
    const carriersFile = file('cc.csv', csv([['Company Name', 'Carrier Name', 'Group Number', 'Audit Service'], [company.name, carrier.name, 'G1', 'Yes']]));
    expect((await api('POST', importPath(organization.id, 'company_carriers', 'commit'), { as: ADMIN, body: carriersFile })).status).toBe(201);
    const plansFile = file(
      'p.csv',
      csv([
        ['Company Name', 'Carrier Name', 'Plan Name', 'Benefit Type', 'Number Of Eligible', 'Number Of Enrolled'],
        [company.name, carrier.name, 'PPO', 'Medical', '50', '45'],
        [company.name, carrier.name, 'Dental', 'DENTAL', '50', '20'],
      ]),
    );
    const commit = await api('POST', importPath(organization.id, 'company_carrier_plans', 'commit'), { as: ADMIN, body: plansFile });
    expect(commit).toEqual({ status: 201, body: { kind: 'company_carrier_plans', created: 2 } });
    const [cc] = (await api('GET', `/api/companies/${company.id}/company_carriers`, { as: ADMIN })).body.items;
    expect(cc).toMatchObject({ group_number: 'G1', audit_service: true });
    const plans = (await api('GET', `/api/companies/${company.id}/company_carriers/${cc.id}/company_carrier_plans`, { as: ADMIN })).body.items;
    expect(plans.map((p: any) => [p.name, p.benefit_type, p.number_of_enrolled]).sort()).toEqual([
      ['Dental', 'DENTAL', 20],
      ['PPO', 'MEDICAL', 45],
    ]);
  });

  it('answers 403 with the plan message for an organization without carriers', async () => {
    const organization = await newOrganization({ plan: 'DVP_BASE' });
    const res = await api('POST', importPath(organization.id, 'company_carriers', 'preview'), { as: ADMIN, body: file('x.csv', 'Company Name,Carrier Name\na,b\n') });
    expect(res).toEqual({ status: 403, body: { message: PLAN_DOES_NOT_SUPPORT_CARRIERS } });
  });
});

describe('import templates', () => {
  it.each(['companies', 'company_carriers', 'company_carrier_plans'])('offers an xlsx template for %s with the headers', async (kind) => {
    const organization = await newOrganization();
    const res = await api('GET', importPath(organization.id, kind, 'template'), { as: ADMIN });
    expect(res.status).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(Buffer.from(res.body.content_base64, 'base64') as never);
    const headers = (workbook.worksheets[0]!.getRow(1).values as unknown[]).filter(Boolean);
    expect(headers).toContain('Company Name');
    expect(res.body.name).toMatch(/\.xlsx$/);
  });
});

