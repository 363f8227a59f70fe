/**
 * Names the local stack gives its resources (infra/local/stack.ts uses the same values), for tools
 * that work on a running local stack from outside its process: the bootstrap.
 */
export const LOCAL_TABLE_NAME = 'dvp-local';
export const LOCAL_SES_FROM_ADDRESS = 'no-reply@demo.example';
export const LOCAL_REGION = 'us-east-1';
/** The files a started stack writes into its data directory (the tests read them too). */
export const ENDPOINTS_FILE = 'endpoints.json';
export const STATE_FILE = 'local-state.json';
