import JSZip from 'jszip';
import { xlsxBuffer } from './spreadsheet-fixtures';

/**
 * A census and a carrier workbook of four members, as an 834 converted to a spreadsheet often
 * arrives: the carrier's City column is there but empty, its Address 2 is filled on one row of
 * four, and Ann's premium was typed 662.176 while Excel stored it as 662.17599999999993 (whose
 * shortest double text is 662.1759999999999).
 */
export const SPARSE_BASELINE_CSV = [
  'SSN,First Name,Last Name,City,Address 2,Monthly Premium',
  '900-00-0101,Ann,Lee,Springfield,Apt 1,662.17',
  '900-00-0102,Bo,Lee,Springfield,,80.00',
  '900-00-0103,Cy,Lee,Springfield,,40.00',
  '900-00-0104,Di,Lee,Shelbyville,Unit 4,10.00',
].join('\n');

export async function sparseCarrierWorkbook(): Promise<Buffer> {
  const rows = [
    ['Member ID', 'FNAME', 'LNAME', 'City', 'Address 2', 'Premium'],
    [900000101, 'ANN', 'LEE', null, 'APT 1', 662.176],
    [900000102, 'BO', 'LEE', null, null, 80],
    [900000103, 'CY', 'LEE', null, null, 40],
    [900000104, 'DI', 'LEE', null, null, 10],
  ];
  const zip = await JSZip.loadAsync(await xlsxBuffer([{ name: 'Enrollment', rows }]));
  const path = Object.keys(zip.files).find((name) => /worksheets\/sheet1\.xml$/.test(name))!;
  const xml = await zip.file(path)!.async('string');
  if (!xml.includes('<v>662.176</v>')) throw new Error('the premium cell was not written as expected');
  zip.file(path, xml.replace('<v>662.176</v>', '<v>662.17599999999993</v>'));
  return zip.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE' });
}

export const SPARSE_POINTS = [
  { baseline_column_name: 'SSN', secondary_column_name: 'Member ID', is_unique_identifier: true },
  { baseline_column_name: 'First Name', secondary_column_name: 'FNAME', is_unique_identifier: false },
  { baseline_column_name: 'Last Name', secondary_column_name: 'LNAME', is_unique_identifier: false },
  { baseline_column_name: 'Monthly Premium', secondary_column_name: 'Premium', is_unique_identifier: false },
];

export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
