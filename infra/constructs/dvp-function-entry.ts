import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const REPO_ROOT = fileURLToPath(new URL('../..', import.meta.url));
export const FUNCTIONS_DIR = path.join(REPO_ROOT, 'functions');

/** Where the source of a handler module lives; tests substitute a fixture for synthetic modules. */
export type EntryResolver = (handler: string) => string;

export const defaultEntry: EntryResolver = (handler) => path.join(FUNCTIONS_DIR, `${handler}.ts`);
