import { RemovalPolicy } from 'aws-cdk-lib';
import * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import * as kms from 'aws-cdk-lib/aws-kms';
import { Construct } from 'constructs';
import { acknowledge } from './nag';

export interface DataProps {
  removalPolicy: RemovalPolicy;
}

export const TABLE_KEYS = { partitionKey: 'pk', sortKey: 'sk' } as const;
export const TABLE_INDEXES = ['gsi1', 'gsi2', 'gsi3'] as const;
export const TTL_ATTRIBUTE = 'expires_at';
/** Powertools idempotency's default record shape: the key hash in `id`, expiry (epoch seconds) in `expiration`. */
export const IDEMPOTENCY_KEY = 'id';
export const IDEMPOTENCY_TTL_ATTRIBUTE = 'expiration';

/**
 * The single table and the customer-managed key that encrypts it (and the uploads bucket: the
 * same enrollment data, parsed or raw, so one key and one key policy to audit).
 */
export class Data extends Construct {
  readonly key: kms.Key;
  readonly table: dynamodb.TableV2;
  readonly indexNames: string[] = [...TABLE_INDEXES];
  /**
   * Powertools idempotency records of the POSTs that must not run twice (functions/lib/observability/
   * idempotency.ts): short-lived, so apart from the data and without indexes. A classic table, so the
   * data table stays the stack's one global table.
   */
  readonly idempotencyTable: dynamodb.Table;

  constructor(scope: Construct, id: string, props: DataProps) {
    super(scope, id);
    this.key = new kms.Key(this, 'Key', {
      description: 'Data Validation Platform: table and uploads',
      enableKeyRotation: true,
      removalPolicy: props.removalPolicy,
    });
    this.table = new dynamodb.TableV2(this, 'Table', {
      partitionKey: { name: TABLE_KEYS.partitionKey, type: dynamodb.AttributeType.STRING },
      sortKey: { name: TABLE_KEYS.sortKey, type: dynamodb.AttributeType.STRING },
      billing: dynamodb.Billing.onDemand(),
      pointInTimeRecoverySpecification: { pointInTimeRecoveryEnabled: true },
      encryption: dynamodb.TableEncryptionV2.customerManagedKey(this.key),
      timeToLiveAttribute: TTL_ATTRIBUTE,
      deletionProtection: props.removalPolicy === RemovalPolicy.RETAIN,
      removalPolicy: props.removalPolicy,
      globalSecondaryIndexes: TABLE_INDEXES.map((name) => ({
        indexName: name,
        partitionKey: { name: `${name}pk`, type: dynamodb.AttributeType.STRING },
        sortKey: { name: `${name}sk`, type: dynamodb.AttributeType.STRING },
        projectionType: dynamodb.ProjectionType.ALL,
      })),
    });
    this.idempotencyTable = new dynamodb.Table(this, 'IdempotencyTable', {
      partitionKey: { name: IDEMPOTENCY_KEY, type: dynamodb.AttributeType.STRING },
      billingMode: dynamodb.BillingMode.PAY_PER_REQUEST,
      pointInTimeRecoverySpecification: { pointInTimeRecoveryEnabled: true },
      encryption: dynamodb.TableEncryption.CUSTOMER_MANAGED,
      encryptionKey: this.key,
      timeToLiveAttribute: IDEMPOTENCY_TTL_ATTRIBUTE,
      deletionProtection: props.removalPolicy === RemovalPolicy.RETAIN,
      removalPolicy: props.removalPolicy,
    });
    acknowledge(
      this.idempotencyTable,
      'HIPAA.Security-DynamoDBInBackupPlan',
      'It holds only idempotency records that expire within minutes (answers of run, kickoff and export requests); a restored backup would hold nothing but expired records. Point-in-time recovery stays on.',
    );
  }
}
