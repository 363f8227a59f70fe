/**
 * An 834 checked against the implementation guide's structure (005010X220A1), for tests of the
 * files the platform writes: the envelope's counts and control numbers, each member's loops in the
 * guide's order (2000 INS, REF, DTP; 2100A NM1, PER, N3, N4, DMG; 2300 HD, DTP, AMT, REF), the INS
 * followed by REF*0F and one NM1*IL, each coverage's HD with its DTP*348 (and DTP*349 when it ends),
 * and the maintenance codes the file may use. Segments come from any tokenizer as tag + elements.
 * Answers the problems found, each naming the segment's position (1-based); none is a valid file.
 */
export interface Segment {
  tag: string;
  elements: string[];
}

/** A member loop's segments by rank: a segment may not come after one of a higher rank, except a new HD. */
const RANK: Record<string, number> = { INS: 0, 'REF@2000': 1, 'DTP@2000': 2, NM1: 3, PER: 4, N3: 5, N4: 6, DMG: 7, HD: 8, 'DTP@2300': 9, 'AMT@2300': 10, 'REF@2300': 11 };

export function check834Structure(segments: readonly Segment[], maintenance: ReadonlySet<string>): string[] {
  const problems: string[] = [];
  const at = (i: number) => `segment ${i + 1} (${segments[i]?.tag}*${segments[i]?.elements.join('*')})`;
  const isa = segments[0];
  if (isa?.tag !== 'ISA') return ['the file does not start with ISA'];
  const iea = segments.at(-1);
  if (iea?.tag !== 'IEA') problems.push('the file does not end with IEA');
  let groups = 0;
  let group: { gs: number; transactions: number } | null = null;
  let st = -1;
  let member: { at: number; rank: number; names: number; coverage: number | null; dates: Set<string> } | null = null;

  const endCoverage = () => {
    if (!member || member.coverage === null) return;
    if (!member.dates.has('348')) problems.push(`the coverage at ${at(member.coverage)} has no DTP*348`);
    const hd = segments[member.coverage]!;
    if (hd.elements[0] === '024' && !member.dates.has('349')) problems.push(`the terminated coverage at ${at(member.coverage)} has no DTP*349`);
    member.coverage = null;
  };
  const endMember = () => {
    if (!member) return;
    endCoverage();
    if (member.names !== 1) problems.push(`the member at ${at(member.at)} has ${member.names} NM1*IL segments, not one`);
    member = null;
  };

  segments.forEach((segment, i) => {
    const e = segment.elements;
    switch (segment.tag) {
      case 'ISA':
        if (i !== 0) problems.push(`${at(i)}: a second ISA`);
        return;
      case 'IEA':
        if (Number(e[0]) !== groups) problems.push(`${at(i)}: IEA01 is ${e[0]}, the interchange has ${groups} groups`);
        if (e[1] !== isa.elements[12]) problems.push(`${at(i)}: IEA02 is not ISA13 (${isa.elements[12]})`);
        return;
      case 'GS':
        groups++;
        group = { gs: i, transactions: 0 };
        return;
      case 'GE':
        if (!group) return void problems.push(`${at(i)}: GE outside a group`);
        if (Number(e[0]) !== group.transactions) problems.push(`${at(i)}: GE01 is ${e[0]}, the group has ${group.transactions} transactions`);
        if (e[1] !== segments[group.gs]!.elements[5]) problems.push(`${at(i)}: GE02 is not GS06`);
        group = null;
        return;
      case 'ST':
        st = i;
        if (group) group.transactions++;
        if (e[0] !== '834') problems.push(`${at(i)}: not an 834`);
        return;
      case 'SE':
        endMember();
        if (st < 0) return void problems.push(`${at(i)}: SE without ST`);
        if (Number(e[0]) !== i - st + 1) problems.push(`${at(i)}: SE01 is ${e[0]}, the transaction has ${i - st + 1} segments`);
        if (e[1] !== segments[st]!.elements[1]) problems.push(`${at(i)}: SE02 is not ST02`);
        st = -1;
        return;
    }
    if (segment.tag === 'INS') {
      endMember();
      member = { at: i, rank: 0, names: 0, coverage: null, dates: new Set() };
      if (!maintenance.has(e[2] ?? '')) problems.push(`${at(i)}: INS03 ${e[2]} is not one of ${[...maintenance].join(', ')}`);
      const next = segments[i + 1];
      if (next?.tag !== 'REF' || next.elements[0] !== '0F') problems.push(`${at(i)}: the INS is not followed by REF*0F`);
      return;
    }
    if (!member) return; // The transaction's header (BGN, N1 loops) before the first member.
    const current = member as { at: number; rank: number; names: number; coverage: number | null; dates: Set<string> };
    const loop = current.rank >= RANK.HD! ? '2300' : '2000';
    const rank = RANK[segment.tag] ?? RANK[`${segment.tag}@${loop}`];
    if (rank === undefined) return void problems.push(`${at(i)}: not a segment of the member loops the guide orders here`);
    if (segment.tag === 'HD') {
      endCoverage();
      current.coverage = i;
      current.dates = new Set();
      if (!maintenance.has(e[0] ?? '')) problems.push(`${at(i)}: HD01 ${e[0]} is not one of ${[...maintenance].join(', ')}`);
    } else if (rank < current.rank) {
      problems.push(`${at(i)}: out of the guide's loop order (after ${segments[i - 1]?.tag})`);
    }
    if (segment.tag === 'NM1') {
      if (e[0] === 'IL') current.names++;
      else problems.push(`${at(i)}: the member's name is not NM1*IL`);
    }
    if (segment.tag === 'DTP' && loop === '2300') current.dates.add(e[0] ?? '');
    current.rank = rank;
  });
  if (st >= 0) problems.push('the transaction has no SE');
  return problems;
}
