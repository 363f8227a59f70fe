/**
 * npm run size [-- <dist folder>]: every chunk of web/dist (or the folder given) raw and gzipped,
 * the first load (the sign-in page) and the largest page against their goals. Reads the last
 * `npm run build:web`; it does not build.
 */
import path from 'node:path';
import { formatWebSize, measureWebDist } from './web-size';

const distDir = process.argv[2] ? path.resolve(process.argv[2]) : path.resolve(import.meta.dirname, '..', 'web', 'dist');
console.log(formatWebSize(measureWebDist(distDir)).join('\n'));
