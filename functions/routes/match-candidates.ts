import * as api from '../../shared/api/match-candidates';
import { routeOf, type RouteDef } from './types';

/** Confirm matches of a comparison matched by person. */
export const matchCandidatesRoutes: RouteDef[] = [
  routeOf(api.listMatchCandidates, 'api/match-candidates/list'),
  routeOf(api.decideMatchCandidate, 'api/match-candidates/decide'),
];
