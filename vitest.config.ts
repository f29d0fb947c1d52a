import { defineConfig } from 'vitest/config';

const databaseTests = [
  'server/**/*.api.test.ts',
  'server/**/*.db.test.ts',
  'scripts/**/*.db.test.ts',
];
/**
 * Tests of a real server whose outcome cannot depend on the database engine (the OpenAPI
 * document): they run once, in the SQLite project.
 */
const contractTests = ['server/**/*.contract.test.ts'];
/**
 * Screen tests share one module graph per worker (`isolate: false`): each file otherwise loaded
 * jsdom's app shell and Mantine again, 160 of the web tests' 270 seconds on two cores. A file
 * that replaces a module with `vi.mock` needs a graph of its own and is listed here.
 */
const webTestsThatMockModules = [
  'web/api/session.test.ts',
  'web/pages/directory/MembersByNamePanel.test.tsx',
];

export default defineConfig({
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: [
            'common/**/*.test.ts',
            'server/**/*.test.ts',
            'scripts/**/*.test.ts',
            'bench/**/*.test.ts',
          ],
          exclude: [...databaseTests, ...contractTests],
          environment: 'node',
        },
      },
      {
        extends: true,
        test: {
          name: 'web',
          include: ['web/**/*.test.{ts,tsx}'],
          exclude: webTestsThatMockModules,
          environment: 'jsdom',
          setupFiles: ['web/test/setup.ts'],
          isolate: false,
          testTimeout: 30_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'web-mocks',
          include: webTestsThatMockModules,
          environment: 'jsdom',
          setupFiles: ['web/test/setup.ts'],
          testTimeout: 30_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'sqlite',
          include: [...databaseTests, ...contractTests],
          env: { LODGEHALL_TEST_ENGINE: 'sqlite' },
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'postgres',
          include: databaseTests,
          env: { LODGEHALL_TEST_ENGINE: 'postgres' },
          globalSetup: ['server/test/postgres-global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
