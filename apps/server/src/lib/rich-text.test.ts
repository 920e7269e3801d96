import { describe, expect, it } from 'vitest';
import { sanitizeRichText } from './rich-text';

const PNG = 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';

/** Asserts that nothing executable is left: no script-capable tag, no event attribute, no script address. */
function expectInert(html: string) {
  expect(html).not.toMatch(/<\s*(script|style|iframe|object|embed|svg|math|form|input|meta|link|base)\b/i);
  expect(html).not.toMatch(/\son\w+\s*=/i);
  expect(html).not.toMatch(/\sstyle\s*=/i);
  expect(html).not.toMatch(/(java|vb)script\s*:/i);
}

describe('sanitizeRichText', () => {
  it('keeps the markup the editor produces', () => {
    const html =
      '<h2>Visit</h2><p>Compressor <strong>replaced</strong>, <em>fan</em> <u>cleaned</u> <s>old</s> <b>b</b> <i>i</i><br></p>' +
      '<ul><li>one</li></ul><ol><li>two</li></ol><blockquote>quote</blockquote><div><span>s</span></div>' +
      '<table><thead><tr><th>Part</th></tr></thead><tbody><tr><td>Fan motor</td></tr></tbody></table>';
    expect(sanitizeRichText(html)).toBe(html.replace('<br>', '<br />'));
  });

  it('keeps a picture from the Insert Image dialog with its alternate text, title, width and height', () => {
    for (const src of ['https://example.com/unit.jpg', 'http://example.com/unit.gif', '/files/17/unit.webp', PNG]) {
      const html = `<img src="${src}" alt="Condensing unit" title="Roof" width="320" height="200" />`;
      expect(sanitizeRichText(html)).toBe(html);
    }
  });

  it('keeps links to web and mail addresses, opening safely', () => {
    expect(sanitizeRichText('<a href="https://example.com/manual" title="Manual" target="_blank">manual</a>')).toBe(
      '<a href="https://example.com/manual" title="Manual" target="_blank" rel="noopener noreferrer">manual</a>',
    );
    expect(sanitizeRichText('<a href="mailto:office@example.com" rel="opener" target="_top">mail</a>')).toBe(
      '<a href="mailto:office@example.com" rel="noopener noreferrer">mail</a>',
    );
  });

  it.each([
    ['<img src=x onerror=alert(1)>', '<img src="x" />'],
    ['<img src="https://example.com/a.png" onload="alert(1)" alt="a">', '<img src="https://example.com/a.png" alt="a" />'],
    ['<a href="javascript:alert(1)">x</a>', '<a rel="noopener noreferrer">x</a>'],
    ['<a href="jav&#x09;ascript:alert(1)">x</a>', '<a rel="noopener noreferrer">x</a>'],
    ['<a href="&#106;avascript:alert(1)">x</a>', '<a rel="noopener noreferrer">x</a>'],
    ['<a href=" JaVaScRiPt:alert(1)">x</a>', '<a rel="noopener noreferrer">x</a>'],
    ['<a href="vbscript:msgbox(1)">x</a>', '<a rel="noopener noreferrer">x</a>'],
    ['<a href="data:text/html,<script>alert(1)</script>">x</a>', '<a rel="noopener noreferrer">x</a>'],
    ['<img src="  javascript:alert(1)">', ''],
    ['<img src="data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMSk+">', ''],
    ['<img src="data:text/html;base64,PHNjcmlwdD4=">', ''],
    ['<img src="//evil.example/x.png">', ''],
    ['<svg onload=alert(1)><circle r="1"/></svg>ok', 'ok'],
    ['<script>alert(1)</script>hi', 'hi'],
    ['<scr<script>ipt>alert(1)</script>', 'ipt&gt;alert(1)'],
    ['<iframe src="https://evil.example"></iframe>text', 'text'],
    ['<object data="x.swf"></object><embed src="x.swf">text', 'text'],
    ['<style>body{display:none}</style>text', 'text'],
    ['<p style="background:url(javascript:alert(1))" onclick="alert(1)">red</p>', '<p>red</p>'],
    ['<div style="position:fixed"><span style="color:red">s</span></div>', '<div><span>s</span></div>'],
    ['<math><mi xlink:href="javascript:alert(1)">x</mi></math>', 'x'],
    ['<noscript><p title="</noscript><img src=x onerror=alert(1)>"></noscript>', '<p></p>'],
    ['<form action="https://evil.example"><input name="password"></form>text', 'text'],
    ['<p>a</p><!-- <script>alert(1)</script> -->', '<p>a</p>'],
  ])('%s loses its dangerous part', (input, expected) => {
    const out = sanitizeRichText(input);
    expect(out).toBe(expected);
    expectInert(out);
  });
});
