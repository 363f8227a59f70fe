/**
 * Names the local stack gives its resources, for the tools that work on a running local stack
 * from outside it (the bootstrap, tests) as well as for the stack itself.
 */
export const LOCAL_TABLE_NAME = 'dvp-local';
export const LOCAL_UPLOADS_BUCKET = 'dvp-uploads-local';
export const LOCAL_SES_FROM_ADDRESS = 'no-reply@demo.example';
export const LOCAL_REGION = 'us-east-1';
/** The files a started stack writes into its data directory. */
export const ENDPOINTS_FILE = 'endpoints.json';
export const STATE_FILE = 'local-state.json';
