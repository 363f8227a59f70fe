import { useSearchParams } from 'react-router';
import { FINDING_CHANGE_STATUSES, type FindingChangeStatus } from '../../../../../../shared/changes-since';
import { DECISION_LABELS, GROUPS, type Decision, type MissingFilter } from './missing-rows';

const isKind = (v: string | null) => GROUPS.find((g) => g.kind === v)?.kind;
const isDecision = (v: string | null): v is Decision => v !== null && v in DECISION_LABELS;
const changeOf = (v: string | null) => FINDING_CHANGE_STATUSES.find((s): s is FindingChangeStatus => s === v);

/** The group, decision and change since the previous audit shown, kept in the URL (the report's cards link to a group this way). */
export function useMissingFilter(): [MissingFilter, (next: MissingFilter) => void] {
  const [search, setSearch] = useSearchParams();
  const decision = search.get('decision');
  const filter: MissingFilter = { kind: isKind(search.get('kind')), decision: isDecision(decision) ? decision : undefined, change: changeOf(search.get('change')) };
  const update = (next: MissingFilter) => {
    const params = new URLSearchParams(search);
    for (const [key, value] of Object.entries(next)) {
      if (value) params.set(key, value);
      else params.delete(key);
    }
    setSearch(params, { replace: true });
  };
  return [filter, update];
}
