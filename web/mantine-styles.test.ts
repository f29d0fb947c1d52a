import { describe, expect, it } from 'vitest';

/**
 * web/mantine-styles.ts loads Mantine's styles per component instead of the whole 255 KB sheet
 * (issue 8 §3). A component used without its styles would render unstyled, so this reads every
 * source file of the web app, follows each @mantine/core component it imports through Mantine's
 * own modules to every class map it uses (Button reaches Loader's and UnstyledButton's,
 * NativeSelect the Combobox chevron's), and checks that the style file of each is imported
 * somewhere in the app.
 */

const sources = import.meta.glob<string>(['./**/*.{ts,tsx}', '!./**/*.test.{ts,tsx}'], {
  query: '?raw',
  import: 'default',
  eager: true,
});
// Keys only: nothing is loaded.
const mantineStyleFiles = Object.keys(
  import.meta.glob('../node_modules/@mantine/core/styles/*.css'),
);
// Loaded on demand while following imports.
const MANTINE_ESM = '../node_modules/@mantine/core/esm/';
const mantineModules = import.meta.glob<string>('../node_modules/@mantine/core/esm/**/*.mjs', {
  query: '?raw',
  import: 'default',
});

async function mantineModule(file: string): Promise<string> {
  const load = mantineModules[file];
  if (!load) throw new Error(`${file} is not in @mantine/core`);
  return load();
}

function resolveRelative(from: string, specifier: string): string {
  const parts = from.split('/').slice(0, -1);
  for (const part of specifier.split('/')) {
    if (part === '..') parts.pop();
    else if (part !== '.') parts.push(part);
  }
  return parts.join('/');
}

/** The class maps (`X.module.mjs`, whose styles are `styles/X.css`) a component reaches. */
async function classMapsReachedBy(name: string): Promise<Set<string>> {
  const indexFile = `${MANTINE_ESM}index.mjs`;
  const found = new RegExp(`import \\{ ${name} \\} from "(\\./[^"]+)"`).exec(
    await mantineModule(indexFile),
  );
  const queue = found?.[1] ? [resolveRelative(indexFile, found[1])] : [];
  const seen = new Set<string>();
  const classMaps = new Set<string>();
  while (queue.length > 0) {
    const file = queue.pop() ?? '';
    if (seen.has(file)) continue;
    seen.add(file);
    const classMap = /\/([A-Za-z]+)\.module\.mjs$/.exec(file);
    if (classMap?.[1]) classMaps.add(classMap[1]);
    for (const match of (await mantineModule(file)).matchAll(/from "(\.{1,2}\/[^"]+\.mjs)"/g)) {
      if (match[1]) queue.push(resolveRelative(file, match[1]));
    }
  }
  return classMaps;
}

const CORE_IMPORT = /import\s*\{([^}]*)\}\s*from\s*'@mantine\/core'/g;
const STYLE_IMPORT = /import\s*'@mantine\/core\/styles\/([A-Za-z]+)\.css'/g;

function componentsImported(): Map<string, string[]> {
  const users = new Map<string, string[]>();
  for (const [file, text] of Object.entries(sources)) {
    for (const match of text.matchAll(CORE_IMPORT)) {
      for (const raw of (match[1] ?? '').split(',')) {
        const name = raw.trim();
        if (name === '' || name.startsWith('type ')) continue;
        users.set(name, [...(users.get(name) ?? []), file]);
      }
    }
  }
  return users;
}

function stylesImported(): Set<string> {
  const names = new Set<string>();
  for (const text of Object.values(sources)) {
    for (const match of text.matchAll(STYLE_IMPORT)) if (match[1]) names.add(match[1]);
  }
  return names;
}

describe("Mantine's styles per component (issue 8 §3)", () => {
  it('finds the sources and Mantine style files it checks', () => {
    expect(Object.keys(sources)).toContain('./main.tsx');
    expect(mantineStyleFiles.some((file) => file.endsWith('/Button.css'))).toBe(true);
  });

  it('imports the style file of every @mantine/core component the app uses, and of their parts', async () => {
    const shipped = new Set(
      mantineStyleFiles.map(
        (file) =>
          file
            .split('/')
            .at(-1)
            ?.replace(/\.css$/, '') ?? '',
      ),
    );
    const imported = stylesImported();
    const used = componentsImported();
    const missing: string[] = [];
    for (const [name, files] of used) {
      for (const styles of await classMapsReachedBy(name)) {
        if (shipped.has(styles) && !imported.has(styles)) {
          missing.push(`${styles}.css (for ${name}, used in ${files.join(', ')})`);
        }
      }
    }
    expect(missing).toEqual([]);
  });

  it('never imports the whole sheet', () => {
    const whole = Object.entries(sources)
      .filter(([, text]) => /'@mantine\/core\/styles(\.layer)?\.css'/.test(text))
      .map(([file]) => file);
    expect(whole).toEqual([]);
  });
});
