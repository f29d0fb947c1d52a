import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { birthDateFromIso } from '../../../common/birth-date.ts';
import { demoGuideLines } from './demo-guide.ts';
import { DEMO_ORGANIZATION_NAME, DEMO_REGISTRANT, MEMBER } from './personas.ts';

describe('the demo guide npm start prints (issue 8 §5)', () => {
  const lines = demoGuideLines({ mailKeptInOutbox: true });

  it('gives the registrant’s and the member’s proof as step one asks for it', () => {
    const text = lines.join('\n');
    expect(text).toContain(
      `  Organization   ${DEMO_ORGANIZATION_NAME}\n  Member Number  ${DEMO_REGISTRANT.memberNumber}\n  Birth Date     07/04/1949`,
    );
    expect(text).toContain(`  Member Number  ${MEMBER.memberNumber}\n  Birth Date     03/14/1961`);
    expect(text).toContain('npm run lodgehall -- outbox');
  });

  it('says to choose the text message when mail really goes out', () => {
    expect(demoGuideLines({ mailKeptInOutbox: false }).at(-1)).toMatch(/^Choose the text message/);
  });

  it('agrees with the README’s demo section', () => {
    const readme = readFileSync(new URL('../../../README.md', import.meta.url), 'utf8');
    for (const { memberNumber, birthDate } of [DEMO_REGISTRANT, MEMBER]) {
      expect(readme).toMatch(
        new RegExp(
          `\\| ${DEMO_ORGANIZATION_NAME} +\\| \`${memberNumber}\` +\\| \`${birthDateFromIso(birthDate)}\` +\\|`,
        ),
      );
    }
  });
});
