import fs from 'node:fs';

interface PackageJson {
  version: string;
}

function readVersion(): string {
  // package.json sits two levels up from server/ and four from dist/node/server/.
  for (const candidate of ['../package.json', '../../../package.json']) {
    const url = new URL(candidate, import.meta.url);
    if (fs.existsSync(url))
      return (JSON.parse(fs.readFileSync(url, 'utf8')) as PackageJson).version;
  }
  return '0.0.0';
}

export const APP_VERSION = readVersion();
