// `npm start`: builds only when the sources are newer than the last build, then runs the
// server in this process, so a second start on the same checkout is ready in about a second.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const stamp = path.join(root, 'dist', '.build-stamp');
const outputs = ['dist/node/server/main.js', 'dist/web/index.html'].map((p) => path.join(root, p));
const inputs = [
  'server',
  'common',
  'web',
  'package-lock.json',
  'tsconfig.base.json',
  'tsconfig.server.json',
];

function newestMtime(target) {
  const stat = fs.statSync(target, { throwIfNoEntry: false });
  if (!stat) return 0;
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of fs.readdirSync(target)) {
    if (entry === 'node_modules') continue;
    newest = Math.max(newest, newestMtime(path.join(target, entry)));
  }
  return newest;
}

function buildIsCurrent() {
  if (!outputs.every((file) => fs.existsSync(file))) return false;
  const built = fs.statSync(stamp, { throwIfNoEntry: false })?.mtimeMs ?? 0;
  return inputs.every((input) => newestMtime(path.join(root, input)) <= built);
}

if (!buildIsCurrent()) {
  process.stdout.write('Lodgehall: building...\n');
  const result = spawnSync('npm', ['run', '--silent', 'build'], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

await import(pathToFileURL(outputs[0]).href);
