import { describe, expect, it } from 'vitest';
import { escapeHtml } from './escape-html.ts';

describe('escapeHtml', () => {
  it('escapes the five HTML-special characters, ampersands first', () => {
    expect(escapeHtml(`Bill <Harper> & "Sons" 'Ltd'`)).toBe(
      'Bill &lt;Harper&gt; &amp; &quot;Sons&quot; &#39;Ltd&#39;',
    );
    expect(escapeHtml('&lt;')).toBe('&amp;lt;');
    expect(escapeHtml('plain')).toBe('plain');
  });
});
