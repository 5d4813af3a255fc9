import { describe, expect, it } from 'vitest';
import { richTextToPlain, sanitizeRichText } from './rich-text';

describe('rich text', () => {
  it('keeps the allowlist only, links to web pages and mail addresses opening outside', () => {
    expect(
      sanitizeRichText(
        '<h1>Big</h1><h2 style="color:red">Avis</h2><p onclick="x()">Eau <u>coupée</u><img src=x onerror=alert(1)></p>' +
          '<script>alert(1)</script><a href="javascript:alert(1)">x</a><a href="//evil.test">y</a>' +
          '<a href="mailto:gestion@example.test">z</a><table><tr><td>t</td></tr></table>',
      ),
    ).toBe(
      'Big<h2>Avis</h2><p>Eau <u>coupée</u></p><a target="_blank" rel="noopener noreferrer">x</a>' +
        '<a target="_blank" rel="noopener noreferrer">y</a>' +
        '<a href="mailto:gestion@example.test" target="_blank" rel="noopener noreferrer">z</a>t',
    );
  });

  it('reads as plain text: a line per block, dashes before list items, entities decoded', () => {
    expect(
      richTextToPlain(
        '<h2>Travaux</h2><p>Lundi &amp; mardi&nbsp;: <strong>eau</strong><br>coupée &lt;sic&gt;</p><ul><li>8 h</li><li>12 h</li></ul><div>Reçu</div><style>p{}</style>',
      ),
    ).toBe('Travaux\nLundi & mardi\u00a0: eau\ncoupée <sic>\n- 8 h\n- 12 h\n\nReçu');
  });
});
