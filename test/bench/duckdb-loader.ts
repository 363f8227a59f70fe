import { execFileSync } from 'node:child_process';
import path from 'node:path';

/**
 * DuckDB, the benchmark's anchor, installed when the benchmark first runs rather than kept in
 * package.json: its native bindings come as one package per platform, npm writes only this
 * machine's into the lock file, and `npm ci` on a clean clone then refuses the lock as incomplete.
 */
export const DUCKDB_PACKAGE = '@duckdb/node-api@1.5.6-r.1';

/** The part of DuckDB's node API the benchmark uses. */
export interface DuckDbApi {
  DuckDBInstance: {
    create(path: string): Promise<{
      connect(): Promise<{ run(sql: string): Promise<unknown>; runAndReadAll(sql: string): Promise<{ getRows(): unknown[][] }>; closeSync(): void }>;
      closeSync(): void;
    }>;
  };
}

const ROOT = path.resolve(import.meta.dirname, '../..');
// A variable specifier: the type checker must not require the package, which a clean install lacks.
const SPECIFIER = '@duckdb/node-api';

export async function loadDuckDb(): Promise<DuckDbApi> {
  try {
    return (await import(SPECIFIER)) as DuckDbApi;
  } catch {
    console.log(`(installing ${DUCKDB_PACKAGE} for the benchmark's anchor, without saving it to package.json)`);
    execFileSync('npm', ['install', '--no-save', '--no-audit', '--no-fund', DUCKDB_PACKAGE], { cwd: ROOT, stdio: 'inherit' });
    return (await import(SPECIFIER)) as DuckDbApi;
  }
}
