import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Scenario } from './scenario.ts';

/** Scenario files: `bench/scenarios/<kebab-name>.ts`, tests excluded. */
export function scenarioNames(scenarioDir: string): string[] {
  return fs
    .readdirSync(scenarioDir)
    .filter((file) => /^[a-z0-9]+(-[a-z0-9]+)*\.ts$/.test(file))
    .map((file) => file.slice(0, -'.ts'.length))
    .sort();
}

function isScenario(value: unknown): value is Scenario {
  if (typeof value !== 'object' || value === null) return false;
  const candidate = value as Record<string, unknown>;
  return (
    typeof candidate.name === 'string' &&
    typeof candidate.description === 'string' &&
    typeof candidate.prepare === 'function' &&
    (candidate.authenticate === undefined || typeof candidate.authenticate === 'function') &&
    (candidate.expectStatus === undefined || typeof candidate.expectStatus === 'number')
  );
}

export async function loadScenario(scenarioDir: string, name: string): Promise<Scenario> {
  const file = path.join(scenarioDir, `${name}.ts`);
  if (!fs.existsSync(file)) {
    const known = scenarioNames(scenarioDir).join(', ') || '(none)';
    throw new Error(`no scenario "${name}" (bench/scenarios/${name}.ts); known: ${known}`);
  }
  const loaded: unknown = await import(pathToFileURL(file).href);
  const exported =
    typeof loaded === 'object' && loaded !== null
      ? (loaded as { scenario?: unknown }).scenario
      : undefined;
  if (!isScenario(exported)) {
    throw new Error(
      `bench/scenarios/${name}.ts must export \`scenario\` with name, description and prepare()`,
    );
  }
  if (exported.name !== name) {
    throw new Error(
      `bench/scenarios/${name}.ts names itself "${exported.name}"; the name must match the file`,
    );
  }
  return exported;
}
