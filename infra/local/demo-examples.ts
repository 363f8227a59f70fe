import fs from 'node:fs';
import path from 'node:path';
import type { CompareConfig } from '../../shared/compare';
import { configureDataPoints, listAll, uploadFile, type Call } from './api-flow';
import { demoCompanyCarriers } from './demo-data';
import {
  demoClient,
  ensureExample,
  enrollmentExample,
  expectDone,
  mappingNamesOf,
  smallFile,
  type DemoExample,
  type DemoPool,
  type DemoSeedOptions,
} from './demo-comparison';

/** Written by test/fixtures/generator/demo-files.ts, which says what each file holds. */
const DEMO_DIR = path.resolve(import.meta.dirname, '../../test/fixtures/demo');
const demoFile = (name: string, contentType: string) => ({ name, bytes: fs.readFileSync(path.join(DEMO_DIR, name)), contentType });
const config834 = () => JSON.parse(fs.readFileSync(path.join(DEMO_DIR, 'config-834.json'), 'utf8')) as CompareConfig;

/**
 * Every example the demo shows beside its seeded tenant, made through the API on the first start:
 * the enrollment audit, the same carrier data as an 834 enrollment file, a list bill reconciled
 * against the enrollment (on Aetna's Invoice reconciliations tab), and a Guardian row-based export
 * converted. Each is found by its name, so running this again (after a stopped start) finishes
 * what is half-made and adds nothing twice.
 */
export const DEMO_834_NAME = 'Example: 834 carrier enrollment audit';
export const DEMO_INVOICE_NAME = 'Example: Aetna list bill reconciliation';
export const DEMO_GUARDIAN_FILE = 'Guardian eligibility export.csv';
const MAPPING_TAG_834 = '834 example';
const AETNA_GROUP = demoCompanyCarriers.find((c) => c.carrier === 'Aetna')!.group_number;

/** The committed pair's carrier table as an 834, compared on the columns an 834 carries. */
const x12Example: DemoExample = {
  name: DEMO_834_NAME,
  create: async () => ({ type: 'COMPARE_ONLY', audit_type: 'ENROLLMENT_AUDIT' }),
  prepare: async (call, companyId, base) => {
    await uploadFile(call, base, 'BASELINE', smallFile('baseline.csv'));
    await uploadFile(call, base, 'SECONDARY', demoFile('carrier-enrollment.834', 'application/edi-x12'));
    await configureDataPoints(call, companyId, base, config834(), MAPPING_TAG_834);
  },
  mappingNames: () => mappingNamesOf(config834(), MAPPING_TAG_834),
};

/**
 * A generated enrollment and its carrier list bill (title rows, subtotals, an adjustments section)
 * with billing errors worth dollars, on Acme's Aetna carrier; the run sets up its own data points.
 */
const invoiceExample: DemoExample = {
  name: DEMO_INVOICE_NAME,
  create: async (call, companyId) => {
    const carriers = await listAll(call, `/api/companies/${companyId}/company_carriers`);
    const aetna = carriers.find((c) => c.group_number === AETNA_GROUP);
    if (!aetna) throw new Error(`the demo company has no carrier of group ${AETNA_GROUP}`);
    return { type: 'COMPARE_ONLY', audit_type: 'INVOICE_RECONCILIATION', company_carrier_id: aetna.id };
  },
  prepare: async (call, _companyId, base) => {
    await uploadFile(call, base, 'BASELINE', demoFile('enrollment.csv', 'text/csv'));
    await uploadFile(call, base, 'SECONDARY', demoFile('aetna-list-bill.csv', 'text/csv'));
  },
};

/** Where a newcomer finds each example, for the start banner. */
export const demoExampleGuide = [
  'Acme Manufacturing › Comparisons: an enrollment audit, an audit of an 834 carrier file, an Aetna list bill reconciliation',
  'Acme Manufacturing › Carriers › Aetna › Invoice reconciliations: that list bill, its findings in dollars',
  'Acme Manufacturing › Carrier file conversions: a Guardian row-based export, converted',
  'Mail viewer: the kickoff e-mail of each renewal the daily job starts (to the renewal contacts)',
];

export const demoExamples: readonly DemoExample[] = [enrollmentExample, x12Example, invoiceExample];

export async function seedDemoExamples(url: string, pool: DemoPool, options: DemoSeedOptions = {}): Promise<void> {
  const { call, companyId } = await demoClient(url, pool, options.signal);
  for (const example of demoExamples) await ensureExample(call, companyId, example, options);
  await ensureGuardianConversion(call, companyId);
}

/**
 * One converted Guardian export on the company's Carrier file conversions page. One stopped before
 * it was converted is removed and made again.
 */
async function ensureGuardianConversion(call: Call, companyId: string): Promise<void> {
  const conversions = `/api/companies/${companyId}/carrier_file_conversions`;
  const mine = (await listAll(call, conversions)).filter((c) => c.name === DEMO_GUARDIAN_FILE);
  const kept = mine.find((c) => c.status === 'CONVERTED');
  for (const c of mine) if (c !== kept) expectDone(await call('DELETE', `${conversions}/${c.id}`), 'remove a half-made conversion');
  if (kept) return;

  const { bytes } = demoFile('guardian-eligibility-export.csv', 'text/csv');
  const declared = await call('POST', conversions, { name: DEMO_GUARDIAN_FILE, size: bytes.byteLength, content_type: 'text/csv', source_file_type: 'GUARDIAN_ROW_BASED_ORIGINAL' });
  if (declared.status !== 201) throw new Error(`declare the Guardian file: ${declared.status} ${JSON.stringify(declared.body)}`);
  const put = await fetch(declared.body.upload_url, { method: 'PUT', headers: declared.body.upload_headers, body: new Uint8Array(bytes) });
  if (!put.ok) throw new Error(`upload the Guardian file: ${put.status} ${await put.text()}`);
  const converted = await call('POST', `${conversions}/${declared.body.conversion.id}/convert`, {});
  if (converted.status !== 200 || converted.body.status !== 'CONVERTED') throw new Error(`convert the Guardian file: ${converted.status} ${JSON.stringify(converted.body)}`);
}
