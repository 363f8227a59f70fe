/**
 * The starting carrier catalog of a stage: the common US group-benefit carriers (medical, dental,
 * vision, life, disability and voluntary benefits), names only.
 *
 * Where the list came from: compiled by the platform's developers from the carriers' own public
 * websites (the names under which they sell group and employer benefits). It is not an official
 * registry, carries no NAIC company codes, and is neither complete nor kept in step with mergers:
 * it is the set most brokers meet, so a new stage can import companies' carriers on day one. DMS
 * Admins add, rename and deactivate carriers on /admin/carriers; seeding never touches a carrier
 * already there (docs/carriers-catalog.md).
 */
export const CARRIER_CATALOG: readonly string[] = [
  'Aetna',
  'Aflac',
  'Allstate Benefits',
  'Ameritas',
  'Anthem Blue Cross',
  'Anthem Blue Cross and Blue Shield',
  'Beam Dental',
  'Blue Cross Blue Shield',
  'Blue Cross and Blue Shield of Illinois',
  'Blue Cross and Blue Shield of Texas',
  'Blue Cross Blue Shield of Massachusetts',
  'Blue Cross Blue Shield of Michigan',
  'Blue Shield of California',
  'CareFirst BlueCross BlueShield',
  'Cigna',
  'Colonial Life',
  'Delta Dental',
  'Equitable',
  'EyeMed',
  'Florida Blue',
  'Guardian',
  'Harvard Pilgrim Health Care',
  'Highmark Blue Cross Blue Shield',
  'Horizon Blue Cross Blue Shield of New Jersey',
  'Humana',
  'Humana Dental',
  'Independence Blue Cross',
  'Kaiser Permanente',
  'Lincoln Financial Group',
  'MetLife',
  'Mutual of Omaha',
  'New York Life Group Benefit Solutions',
  'Oscar Health',
  'Premera Blue Cross',
  'Principal Financial Group',
  'Prudential',
  'Regence BlueCross BlueShield',
  'Reliance Matrix',
  'Securian Financial',
  'Sun Life',
  'Symetra',
  'The Hartford',
  'The Standard',
  'Transamerica',
  'Trustmark',
  'Tufts Health Plan',
  'UnitedHealthcare',
  'Unum',
  'USAble Life',
  'Voya Financial',
  'VSP Vision Care',
];
