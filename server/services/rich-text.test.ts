import { describe, expect, it } from 'vitest';
import { cleanRichText, cleanRichTextCached, shortBody } from './rich-text.ts';

describe('cleanRichText', () => {
  it('keeps the allowed formatting', () => {
    const html =
      '<h2>Title</h2><p><strong>b</strong> <em>i</em> <u>u</u> <s>s</s></p><ul><li>one</li></ul>' +
      '<ol><li>two</li></ol><blockquote>q</blockquote><pre><code>x</code></pre><h3>h</h3><p>a<br />b</p>';
    expect(cleanRichText(html)).toBe(html);
  });

  it('keeps <b> and <i> (as notices write them) as <strong> and <em>', () => {
    expect(cleanRichText('<b>Ann</b> replied on <i>Banquet</i>')).toBe(
      '<strong>Ann</strong> replied on <em>Banquet</em>',
    );
  });

  it('strips script elements with their content', () => {
    expect(cleanRichText('<p>hi</p><script>alert(1)</script>')).toBe('<p>hi</p>');
  });

  it('strips event handlers and disallowed tags', () => {
    const out = cleanRichText(
      '<p onclick="x()">a<img src="x" onerror="alert(1)"></p><style>p{}</style>',
    );
    expect(out).toBe('<p>a</p>');
    expect(out).not.toMatch(/onerror|onclick|img|style/);
  });

  it('drops javascript: and data: links but keeps the text', () => {
    expect(cleanRichText('<a href="javascript:alert(1)">x</a>')).toBe(
      '<a rel="noopener noreferrer" target="_blank">x</a>',
    );
    expect(cleanRichText('<a href="JaVaScRiPt:alert(1)">x</a>')).not.toMatch(/javascript/i);
    expect(cleanRichText('<a href="data:text/html,hi">x</a>')).not.toMatch(/data:/);
  });

  it('gives links rel noopener noreferrer and a new tab, replacing what was sent', () => {
    expect(
      cleanRichText('<a href="https://example.org" rel="opener" target="_self" class="c">x</a>'),
    ).toBe('<a href="https://example.org" rel="noopener noreferrer" target="_blank">x</a>');
    expect(cleanRichText('<a href="mailto:a@example.org">m</a>')).toContain(
      'href="mailto:a@example.org"',
    );
  });
});

describe('shortBody', () => {
  it('is the plain text with whitespace collapsed', () => {
    expect(shortBody('<p>Hello   <strong>there</strong></p><p>next&amp;more</p>')).toBe(
      'Hello there next&more',
    );
  });

  it('cuts long text at a word boundary with an ellipsis', () => {
    const words = Array.from({ length: 100 }, (_, i) => `word${i}`).join(' ');
    const short = shortBody(`<p>${words}</p>`);
    expect(short.endsWith('…')).toBe(true);
    expect(short.length).toBeLessThanOrEqual(301);
    expect(words.startsWith(short.slice(0, -1))).toBe(true);
    expect(words[short.length - 1]).toBe(' ');
  });
});

describe('cleanRichTextCached', () => {
  it('answers what cleanRichText answers, the first time and every time after', () => {
    const inputs = [
      '<b>Ann</b> said <script>alert(1)</script>',
      '<a href="javascript:alert(1)">x</a><p onclick="y()">p</p>',
      `<p>${'long '.repeat(500)}</p><script>x</script>`,
    ];
    for (const input of inputs) {
      expect(cleanRichTextCached(input)).toBe(cleanRichText(input));
      expect(cleanRichTextCached(input)).toBe(cleanRichText(input));
      expect(cleanRichTextCached(input)).not.toMatch(/script|onclick|javascript:/);
    }
  });
});
