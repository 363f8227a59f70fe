import { useList } from '../../data/hierarchy';
import { listCarriers } from '../../../../shared/api/hierarchy';

/** The carriers' names by id, and the active ones as choices of a form. */
export function useCarriers() {
  const carriers = useList(listCarriers, {});
  const names = new Map(carriers.items.map((c) => [c.id, c.name]));
  const options = carriers.items.filter((c) => !c.inactive).map((c) => ({ value: c.id, label: c.name }));
  return { names, options };
}
