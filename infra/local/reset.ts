import fs from 'node:fs';
import path from 'node:path';

/** `npm run reset`: wipes the local stack's data so the next start seeds afresh. */
const dataDir = path.resolve(process.env.DATA_DIR ?? '.data');
fs.rmSync(dataDir, { recursive: true, force: true });
console.log(`Removed ${dataDir}. The next npm start creates and seeds it again.`);
