import fs from 'node:fs';
import path from 'node:path';
import { ENDPOINTS_FILE, LOCAL_REGION, LOCAL_SES_FROM_ADDRESS, LOCAL_TABLE_NAME, STATE_FILE } from '../../infra/local/names';
import type { PlatformEnv } from './stage-resources';

interface Endpoints {
  url: string;
  dynamodb: string;
  cognito: string;
  ses: string;
}

/**
 * The environment of the local stack running on DATA_DIR, from the files it writes when it starts
 * (the same ones the tests read): its endpoints and its user pool.
 */
export function discoverLocal(dataDir: string): PlatformEnv {
  const dir = path.resolve(dataDir);
  const endpointsFile = path.join(dir, ENDPOINTS_FILE);
  const stateFile = path.join(dir, STATE_FILE);
  if (!fs.existsSync(endpointsFile) || !fs.existsSync(stateFile)) {
    throw new Error(`No local stack has started on ${dir}: run \`npm start\` (with the same DATA_DIR) and keep it running, then run the bootstrap again.`);
  }
  const endpoints = JSON.parse(fs.readFileSync(endpointsFile, 'utf8')) as Endpoints;
  const state = JSON.parse(fs.readFileSync(stateFile, 'utf8')) as { userPoolId: string };
  return {
    DVP_LOCAL: '1',
    STAGE: 'local',
    AWS_REGION: LOCAL_REGION,
    // The local stand-ins accept any key pair.
    AWS_ACCESS_KEY_ID: 'local',
    AWS_SECRET_ACCESS_KEY: 'local',
    TABLE_NAME: LOCAL_TABLE_NAME,
    USER_POOL_ID: state.userPoolId,
    PUBLIC_URL: endpoints.url,
    SES_FROM_ADDRESS: LOCAL_SES_FROM_ADDRESS,
    AWS_ENDPOINT_URL_DYNAMODB: endpoints.dynamodb,
    AWS_ENDPOINT_URL_COGNITO_IDENTITY_PROVIDER: endpoints.cognito,
    AWS_ENDPOINT_URL_SESV2: endpoints.ses,
  };
}

/** Is something answering at the local stack's address? A stale endpoints.json outlives the stack. */
export async function localStackAnswers(env: PlatformEnv): Promise<boolean> {
  try {
    const res = await fetch(`${env.PUBLIC_URL}/config.json`, { signal: AbortSignal.timeout(5000) });
    return res.ok;
  } catch {
    return false;
  }
}
