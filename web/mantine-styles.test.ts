import { describe, expect, it } from 'vitest';

/**
 * web/mantine-styles.ts loads Mantine's styles per component instead of the whole 255 KB sheet
 * (issue 8 §3). A component used without its styles would render unstyled, so this reads every
 * source file of the web app and checks that each @mantine/core component it imports, when
 * Mantine ships a style file for it, has that file imported somewhere in the app.
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

  it('imports the style file of every @mantine/core component the app uses', () => {
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
    const missing = [...componentsImported()]
      .filter(([name]) => shipped.has(name) && !imported.has(name))
      .map(([name, files]) => `${name} (used in ${files.join(', ')})`);
    expect(missing).toEqual([]);
  });

  it('never imports the whole sheet', () => {
    const whole = Object.entries(sources)
      .filter(([, text]) => /'@mantine\/core\/styles(\.layer)?\.css'/.test(text))
      .map(([file]) => file);
    expect(whole).toEqual([]);
  });
});
