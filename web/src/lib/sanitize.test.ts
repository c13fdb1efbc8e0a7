import { describe, expect, it } from 'vitest';
import { escapeHtml, sanitizeHtml } from './sanitize';

describe('strip', () => {
  it.each([
    ['<p>Hello <b>world</b></p>', 'Hello world'],
    ['<script>alert(1)</script>text', 'text'],
    ['<img src=x onerror=alert(1)>after', 'after'],
    ['a &lt; b', 'a &lt; b'],
    ['plain', 'plain'],
  ])('%j -> %j', (html, expected) => {
    expect(sanitizeHtml(html, 'strip')).toBe(expected);
  });
});

describe('escape', () => {
  it('shows all markup as text', () => {
    expect(sanitizeHtml('<a href="x">Tom & \'Jerry\'</a>', 'escape')).toBe(
      '&lt;a href=&quot;x&quot;&gt;Tom &amp; &#39;Jerry&#39;&lt;/a&gt;',
    );
    expect(escapeHtml('no markup')).toBe('no markup');
  });
});

describe('safe', () => {
  it.each([
    ['<p><b>bold</b> <i>it</i></p>', '<p><b>bold</b> <i>it</i></p>'],
    ['<p>a</p><script>alert(1)</script>', '<p>a</p>'],
    ['<noscript><p>x</p></noscript>ok', 'ok'],
    ['<noembed>x</noembed>ok', 'ok'],
    ['<p onclick="alert(1)" onmouseover="x()">hi</p>', '<p>hi</p>'],
    ['<a href="javascript:alert(1)">link</a>', '<a>link</a>'],
    ['<a href="JaVaScRiPt:alert(1)">link</a>', '<a>link</a>'],
    ['<a href="https://example.com/">link</a>', '<a href="https://example.com/">link</a>'],
    ['<img src="data:image/png;base64,AAAA">', '<img src="data:image/png;base64,AAAA">'],
    ['<video src="data:video/mp4;base64,AAAA"></video>', '<video src="data:video/mp4;base64,AAAA"></video>'],
    ['<audio src="data:audio/wav;base64,AAAA"></audio>', '<audio src="data:audio/wav;base64,AAAA"></audio>'],
    ['<img src="https://example.com/a.png">', '<img src="https://example.com/a.png">'],
    ['<track src="data:text/vtt;base64,AAAA">', '<track>'],
    ['<img src="javascript:alert(1)">', '<img>'],
  ])('%j -> %j', (html, expected) => {
    expect(sanitizeHtml(html, 'safe')).toBe(expected);
  });

  it('keeps data: sources inside picture/source', () => {
    const html = '<video><source src="data:video/mp4;base64,AAAA"></video>';
    expect(sanitizeHtml(html, 'safe')).toBe(html);
  });
});
