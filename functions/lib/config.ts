import { DEFAULT_PART_BYTES, MULTIPART_THRESHOLD_BYTES } from '../../shared/upload-plan';
import { ROWS_PER_SHARD, SHARD_THRESHOLD_ROWS, SPLIT_CHARS_PER_TASK } from '../../shared/compare-shards/shard-plan';

/**
 * Runtime configuration of every handler, read from the environment that the CDK stack (or the
 * local stack) sets. Read lazily so the local server can set the environment before first use.
 */
function required(name: string): string {
  const value = process.env[name];
  if (!value) throw new Error(`Missing environment variable ${name}`);
  return value;
}

function positiveNumber(text: string | undefined): number | undefined {
  const value = Number(text);
  return text && Number.isFinite(value) && value > 0 ? value : undefined;
}

export const config = {
  get tableName() {
    return required('TABLE_NAME');
  },
  get idempotencyTableName() {
    return required('IDEMPOTENCY_TABLE_NAME');
  },
  get uploadsBucket() {
    return required('UPLOADS_BUCKET');
  },
  get userPoolId() {
    return required('USER_POOL_ID');
  },
  get userPoolClientId() {
    return process.env.USER_POOL_CLIENT_ID ?? '';
  },
  get stateMachineArn() {
    return process.env.STATE_MACHINE_ARN ?? '';
  },
  get fileParseStateMachineArn() {
    return process.env.FILE_PARSE_STATE_MACHINE_ARN ?? '';
  },
  /**
   * How long POST …/parse waits for its job before answering 202 (docs/comparison-setup.md). API
   * Gateway stops a request at 30 s; the local stack, which has no such cap, waits longer.
   */
  get parseWaitSeconds() {
    const value = Number(process.env.PARSE_WAIT_SECONDS);
    return Number.isFinite(value) && value >= 0 && process.env.PARSE_WAIT_SECONDS !== '' && process.env.PARSE_WAIT_SECONDS !== undefined ? value : 25;
  },
  /**
   * Uploads above this go up in parts (S3 multipart). Tests lower it through
   * DVP_MULTIPART_THRESHOLD_BYTES so a few MB exercise the multipart path.
   */
  get multipartThresholdBytes() {
    return positiveNumber(process.env.DVP_MULTIPART_THRESHOLD_BYTES) ?? MULTIPART_THRESHOLD_BYTES;
  },
  /** The size of each part but the last (never under S3's 5 MB, see shared/upload-plan.ts). */
  get multipartPartBytes() {
    return positiveNumber(process.env.DVP_MULTIPART_PART_BYTES) ?? DEFAULT_PART_BYTES;
  },
  /**
   * A comparison whose larger file has more rows than this is split by key into shards compared in
   * parallel (docs/scale.md); tests lower it through DVP_SHARD_THRESHOLD_ROWS and DVP_SHARD_ROWS.
   */
  get shardThresholdRows() {
    return positiveNumber(process.env.DVP_SHARD_THRESHOLD_ROWS) ?? SHARD_THRESHOLD_ROWS;
  },
  /** About how many rows of the larger file each shard holds. */
  get shardRows() {
    return positiveNumber(process.env.DVP_SHARD_ROWS) ?? ROWS_PER_SHARD;
  },
  /** Unzipped characters per stored part of parsed rows when not the reader's own; tests lower it through DVP_PARSED_PART_CHARS. */
  get parsedPartChars() {
    return positiveNumber(process.env.DVP_PARSED_PART_CHARS);
  },
  /** Unzipped characters of parsed rows one split task cuts (docs/scale.md); tests lower it through DVP_SPLIT_CHARS. */
  get splitChars() {
    return positiveNumber(process.env.DVP_SPLIT_CHARS) ?? SPLIT_CHARS_PER_TASK;
  },
  get sesFromAddress() {
    return process.env.SES_FROM_ADDRESS ?? 'no-reply@example.com';
  },
  /** The SES configuration set every send names, so its bounces and complaints come back (docs/email.md). */
  get sesConfigurationSet() {
    return process.env.SES_CONFIGURATION_SET || undefined;
  },
  get stage() {
    return process.env.STAGE ?? 'local';
  },
  get region() {
    return process.env.AWS_REGION ?? process.env.AWS_DEFAULT_REGION ?? 'us-east-1';
  },
  /** True when running on the local stack (endpoints point at the local stand-ins). */
  get isLocal() {
    return process.env.DVP_LOCAL === '1';
  },
};
