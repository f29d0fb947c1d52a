// @ts-check
import js from '@eslint/js';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

/** @typedef {{ group?: string[], regex?: string, message: string, allowTypeImports?: boolean }} Pattern */

/** @type {Pattern} */
const WEB = {
  group: ['**/web/**'],
  message: 'The server and common code never import the browser app.',
};
/** @type {Pattern} */
const SERVER = {
  group: ['**/server/**'],
  message: 'The browser app and common code never import the server; share through common/.',
};
/** @type {Pattern} */
const WEB_API = {
  group: ['**/api/**'],
  message: 'The HTTP client sits under every domain module of web/api/, never the other way round.',
};
/** @type {Pattern} */
const DB = {
  group: ['**/db/**'],
  message: 'Handlers hold no SQL: call a service, which uses db/.',
};
/** @type {Pattern} */
const DB_AT_RUN_TIME = {
  ...DB,
  message: 'Policies and presenters work on what the service hands them; they read no database.',
  allowTypeImports: true,
};
/** @type {Pattern} */
const ROUTES = {
  group: ['**/routes/**'],
  message: 'Services and the database layer never know about HTTP routes.',
};
/** @type {Pattern} */
const SERVICES = {
  group: ['**/services/**'],
  message: 'This layer sits below the services; it must not call them.',
};
/** @type {Pattern} */
const HTTP = {
  group: ['**/http/**'],
  message:
    'server/http/ holds helpers for handlers (cookies, replies); rules below them know no HTTP.',
};
/** @type {Pattern} */
const UNGUARDED = {
  group: ['**/services/unguarded/**'],
  message:
    'services/unguarded/ holds helpers that check no actor; a handler calls a guarded use case (docs/decisions.md D56).',
};
/** @type {Pattern} */
const OTHER_ROUTE_FOLDER = {
  // From server/routes/<area>/, a path starting "../<name>" (not "../../") is another area's
  // folder, and so is any path through a routes/ folder. Shared HTTP helpers live in server/http/.
  regex: '^\\.\\./(?!\\.\\./)|(^|/)routes/',
  message:
    'A route folder does not import another route folder; share HTTP helpers from server/http/.',
};

/**
 * One config block per layer with its forbidden imports.
 * @param {{ files: string[], never: Pattern[], tests?: boolean }[]} blocks
 */
function layers(blocks) {
  return blocks.map(({ files, never, tests = true }) => ({
    files,
    ...(tests ? {} : { ignores: ['**/*.test.ts'] }),
    rules: {
      'no-restricted-imports': 'off',
      '@typescript-eslint/no-restricted-imports': ['error', { patterns: never }],
    },
  }));
}

const NAMED_EXPORTS = {
  selector: 'ExportDefaultDeclaration',
  message: 'Use named exports.',
};

const QUERIES_IN_DB =
  'belongs in a query module of server/db/ named for what it answers; a service calls it (docs/decisions.md D56).';

/** Kysely's calls that start a query; a service asks server/db/ instead. */
const QUERY_BUILDERS = [
  'selectFrom',
  'insertInto',
  'updateTable',
  'deleteFrom',
  'replaceInto',
  'mergeInto',
  'selectNoFrom',
  'with',
];

export default tseslint.config(
  {
    ignores: ['dist/**', 'node_modules/**', 'data/**', 'test-results/**', 'playwright-report/**'],
  },
  js.configs.recommended,
  ...tseslint.configs.strict,
  {
    languageOptions: {
      globals: { ...globals.node },
    },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      'no-restricted-syntax': ['error', NAMED_EXPORTS],
    },
  },
  {
    files: ['web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  // The layers (docs/architecture.md): each block names what its files must never import.
  // Flat config replaces a rule's options per block rather than merging them, so each block
  // restates the rules of the blocks around it.
  ...layers([
    { files: ['common/**/*.ts'], never: [WEB, SERVER] },
    { files: ['web/**/*.{ts,tsx}'], never: [SERVER] },
    { files: ['web/http/**/*.{ts,tsx}'], never: [SERVER, WEB_API] },
    // A page folder imports no other page folder (D61): from web/pages/<area>/ a path starting
    // "../<name>/" is another area's folder (one "../" more from a subfolder), and so is any path
    // through pages/. web/routes.tsx, outside web/pages/, imports every page.
    ...[
      { files: ['web/pages/*/*.{ts,tsx}'], up: '\\.\\./' },
      { files: ['web/pages/*/*/**/*.{ts,tsx}'], up: '\\.\\./\\.\\./' },
    ].map(({ files, up }) => ({
      files,
      never: [
        SERVER,
        {
          regex: `^${up}(?!\\.\\./)[^/]+/|(^|/)pages/`,
          message:
            'A page folder does not import another page folder; share through web/components/ or web/api/.',
        },
      ],
    })),
    { files: ['server/**/*.ts'], never: [WEB] },
    { files: ['server/routes/*.ts'], tests: false, never: [WEB, DB, UNGUARDED] },
    {
      files: ['server/routes/*/**/*.ts'],
      tests: false,
      never: [WEB, DB, UNGUARDED, OTHER_ROUTE_FOLDER],
    },
    { files: ['server/http/**/*.ts'], tests: false, never: [WEB, DB, ROUTES] },
    { files: ['server/services/**/*.ts'], never: [WEB, ROUTES, HTTP] },
    { files: ['server/policies/**/*.ts'], never: [WEB, ROUTES, HTTP, SERVICES, DB_AT_RUN_TIME] },
    { files: ['server/presenters/**/*.ts'], never: [WEB, ROUTES, HTTP, SERVICES, DB_AT_RUN_TIME] },
    { files: ['server/db/**/*.ts'], never: [WEB, ROUTES, HTTP, SERVICES] },
  ]),
  {
    files: ['server/services/**/*.ts'],
    // Services hold guarded use cases; their SQL is in server/db/ (D56).
    ignores: ['**/*.test.ts'],
    rules: {
      // Replaces the options of the block above, so the named-exports rule is restated.
      'no-restricted-syntax': [
        'error',
        NAMED_EXPORTS,
        ...QUERY_BUILDERS.map((name) => ({
          selector: `CallExpression[callee.type='MemberExpression'][callee.property.name='${name}']`,
          message: `A query (\`.${name}(...)\`) ${QUERIES_IN_DB}`,
        })),
        {
          selector: "TaggedTemplateExpression[tag.name='sql']",
          message: `SQL text (\`sql\` template) ${QUERIES_IN_DB}`,
        },
        {
          selector: "ImportDeclaration[source.value='kysely'] ImportSpecifier[imported.name='sql']",
          message: `Kysely's \`sql\` ${QUERIES_IN_DB}`,
        },
      ],
    },
  },
  {
    // Tool configuration files are loaded by their tools, which expect a default export.
    files: ['*.config.{js,ts}', 'web/vite.config.ts', 'e2e/playwright.config.ts'],
    rules: { 'no-restricted-syntax': 'off' },
  },
);
