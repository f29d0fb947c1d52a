import { describe, expect, it } from 'vitest';
import { isOneLineText } from './one-line-text.ts';

describe('isOneLineText (D54)', () => {
  it('passes names in any script, with the marks right-to-left text needs', () => {
    for (const text of [
      'Ladies Night',
      'Café & Bar; 7pm, upstairs \\ hall',
      'Здравствуйте',
      'שלום\u200Fעולם',
      'مرحبا\u200Eبالعالم',
      '  Open House  ',
      'Open House\r\n',
      '😀 Picnic',
    ]) {
      expect(isOneLineText(text), JSON.stringify(text)).toBe(true);
    }
  });

  it.each([
    ['NUL', 'Bad\u0000name'],
    ['LF', 'Two\nlines'],
    ['CR', 'Two\rlines'],
    ['CRLF and a VEVENT', 'Open\r\nBEGIN:VEVENT'],
    ['tab', 'Tab\there'],
    ['escape', 'red \u001b[31m'],
    ['DEL', 'del\u007f'],
    ['C1 NEL', 'next\u0085line'],
    ['C1 CSI', 'csi\u009b'],
    ['line separator', 'a\u2028b'],
    ['paragraph separator', 'a\u2029b'],
    ['LRE', 'a\u202ab'],
    ['RLO', 'photo\u202egpj.exe'],
    ['PDF', 'a\u202cb'],
    ['LRI', 'a\u2066b'],
    ['PDI', 'a\u2069b'],
  ])('refuses %s inside the text', (_, text) => {
    expect(isOneLineText(text)).toBe(false);
  });
});
