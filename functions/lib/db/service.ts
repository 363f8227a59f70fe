import { Service } from 'electrodb';
import { dynamo } from '../aws';
import { config } from '../config';
import { AuditEventEntity } from './audit-event';
import { CarrierFileConversionEntity } from './carrier-file-conversion';
import { comparisonEntities } from './comparison-entities';
import { exportEntities } from './export-entities';
import { hierarchyEntities } from './hierarchy-entities';
import { mergeEntities } from './merge-entities';
import { renewalEntities } from './renewal-entities';
import { resultEntities } from './result-entities';
import { userEntities } from './user-entities';

/** Every entity of the single table, grouped in one ElectroDB service. */
function makeService() {
  return new Service(
    { ...userEntities, ...hierarchyEntities, ...comparisonEntities, ...resultEntities, ...mergeEntities, ...exportEntities, ...renewalEntities, carrierFileConversion: CarrierFileConversionEntity, auditEvent: AuditEventEntity },
    { table: config.tableName, client: dynamo() },
  );
}

let service: ReturnType<typeof makeService> | undefined;
/** The service bound to this container's table and client (created on first use). */
export function db() {
  return (service ??= makeService());
}
