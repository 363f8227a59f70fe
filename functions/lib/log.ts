/** Older name of the functions' logger: new code imports `logger` from ./observability/logger. */
export { logger as log } from './observability/logger';
