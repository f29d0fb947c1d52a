import { readFileSync } from 'node:fs';
import semver from 'semver';
import { describe, expect, it } from 'vitest';

/**
 * Issue 8: `npm ci` on the declared Node 20.19 warned EBADENGINE because a dependency wanted
 * Node 22. Every locked package must accept the lowest Node the project declares.
 */
interface Lock {
  packages: Record<string, { engines?: { node?: string } | string[] }>;
}
interface Manifest {
  engines: { node: string };
}

const lock = JSON.parse(readFileSync('package-lock.json', 'utf8')) as Lock;
const manifest = JSON.parse(readFileSync('package.json', 'utf8')) as Manifest;

describe('dependency engines', () => {
  it('declares Node 20.19 or newer', () => {
    expect(semver.minVersion(manifest.engines.node)?.version).toBe('20.19.0');
  });

  it('locks no package that refuses the lowest Node the project declares', () => {
    const lowest = semver.minVersion(manifest.engines.node)?.version ?? '';
    const refusing = Object.entries(lock.packages).flatMap(([name, entry]) => {
      const range = Array.isArray(entry.engines) ? undefined : entry.engines?.node;
      return range && !semver.satisfies(lowest, range) ? [`${name} wants node ${range}`] : [];
    });
    expect(refusing).toEqual([]);
  });
});
