import { ComparisonEntity } from './comparison';
import { DataMappingEntity } from './data-mapping';
import { DataMappingsAdminWhitelistEntity } from './data-mappings-admin-whitelist';
import { DataPointEntity } from './data-point';
import { DataPointsTemplateEntity } from './data-points-template';
import { FileEntity } from './file';
import { MatchCandidateEntity } from './match-candidate';

/** Entities of comparisons (files, data points, templates, mappings). Results are in result-entities.ts. */
export const comparisonEntities = {
  comparison: ComparisonEntity,
  file: FileEntity,
  dataPoint: DataPointEntity,
  dataPointsTemplate: DataPointsTemplateEntity,
  dataMapping: DataMappingEntity,
  dataMappingsAdminWhitelist: DataMappingsAdminWhitelistEntity,
  matchCandidate: MatchCandidateEntity,
};
