import type { ResponseOf } from '../../../shared/api/endpoint';
import { getAgency } from '../../../shared/api/hierarchy';

export type Agency = ResponseOf<typeof getAgency>;

