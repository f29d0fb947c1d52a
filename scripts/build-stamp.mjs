// Marks the build as current, so `npm start` (scripts/start.mjs) skips building again until a
// source is newer than this stamp, whether the build came from `npm start` or `npm run build`.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
fs.writeFileSync(path.join(root, 'dist', '.build-stamp'), `${new Date().toISOString()}\n`);
