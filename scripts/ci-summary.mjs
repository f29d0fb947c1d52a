// Adds up the JSON reports of Vitest and Playwright into the one closing line CI reads:
// "N passed, N failed". A failed step with no report of its own (lint, build) counts as a failure.
import fs from 'node:fs';
import path from 'node:path';

const [dir, failedStepsArg = '0'] = process.argv.slice(2);
let passed = 0;
let failed = 0;
let skipped = 0;
let failedFromReports = 0;

for (const file of fs.existsSync(dir) ? fs.readdirSync(dir) : []) {
  if (!file.endsWith('.json')) continue;
  const report = JSON.parse(fs.readFileSync(path.join(dir, file), 'utf8'));
  if (typeof report.numPassedTests === 'number') {
    // Vitest
    passed += report.numPassedTests;
    // A file whose hook failed fails without failing a test of its own; it counts too.
    failed += report.numFailedTests + (report.numFailedTestSuites ?? 0);
    skipped += (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0);
    failedFromReports += report.numFailedTests + (report.numFailedTestSuites ?? 0) > 0 ? 1 : 0;
  } else if (report.stats) {
    // Playwright
    passed += report.stats.expected + report.stats.flaky;
    // Errors outside any test (a route handler outliving its test) fail the run too.
    failed += report.stats.unexpected + (report.errors?.length ?? 0);
    skipped += report.stats.skipped;
    failedFromReports += report.stats.unexpected > 0 || report.errors?.length ? 1 : 0;
  }
}

// Steps that failed without failing tests of their own (npm ci, check, build, a suite that
// could not start) still count, so a broken build can never read as green.
const failedSteps = Number(failedStepsArg);
failed += Math.max(0, failedSteps - failedFromReports);
process.stdout.write(
  `${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}\n`,
);
