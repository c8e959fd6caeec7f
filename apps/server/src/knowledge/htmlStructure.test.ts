import { describe, expect, it } from 'vitest';
import { structuredText } from './htmlStructure';
import { chunkDocumentStructured } from './chunking';
import { chunkSettingsSchema } from '@parley/api-client';

const text = structuredText;

describe('structuredText', () => {
  it('keeps headings as # lines and paragraphs apart', () => {
    expect(
      text(
        '<h2>Opening  hours</h2><p>We are\n open <b>Monday</b> to Friday.</p><p>Closed Sunday.</p>',
      ),
    ).toBe('## Opening hours\n\nWe are open **Monday** to Friday.\n\nClosed Sunday.');
  });

  it('fences code blocks, so a # inside one is not a heading', () => {
    const out = text('<h1>Setup</h1><pre>\n# pg_hba.conf\nhost all all 0.0.0.0/0 md5\n</pre>');
    expect(out).toBe('# Setup\n\n```\n# pg_hba.conf\nhost all all 0.0.0.0/0 md5\n```');
    const settings = chunkSettingsSchema.parse({});
    const segments = chunkDocumentStructured(out, settings, 'Guide');
    expect(segments.map((s) => s.headingPath)).toEqual([['Guide', 'Setup']]);
    expect(segments[0]!.content).toContain('# pg_hba.conf');
  });

  it('writes lists as items (nested ones indented: one item for the chunker) and marks inline code', () => {
    expect(
      text(
        '<ul><li>Set <code>max_connections</code></li><li>Then:<ol><li>restart</li><li>check</li></ol></li></ul>',
      ),
    ).toBe('-   Set `max_connections`\n-   Then:\n    1.  restart\n    2.  check');
  });

  it('writes tables as rows with a header line, pipes in cells escaped', () => {
    expect(
      text(
        '<table><thead><tr><th>Name</th><th>Value</th></tr></thead><tbody><tr><td>a|b</td><td>1</td></tr><tr><td>c</td></tr></tbody></table>',
      ),
    ).toBe('| Name | Value |\n| --- | --- |\n| a\\|b | 1   |\n| c   |');
  });

  it('leaves out scripts, styles, forms and navigation; keeps definition terms on their own line', () => {
    expect(
      text(
        '<nav>Menu</nav><script>evil()</script><style>p{}</style><dl><dt><code>local</code></dt><dd>Unix-domain sockets.</dd></dl><form><input value="x"></form>',
      ),
    ).toBe('`local`\n\nUnix-domain sockets.');
  });

  it('keeps line breaks from <br> and text directly inside containers', () => {
    expect(text('<div>First line<br>second line<p>A paragraph.</p>tail</div>')).toBe(
      'First line\nsecond line\n\nA paragraph.\n\ntail',
    );
  });
});
