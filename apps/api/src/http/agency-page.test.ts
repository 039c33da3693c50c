import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { agencyPage } from './agency-page';

const page = (html: string) => {
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'agency-page-')), 'page.html');
  writeFileSync(file, html);
  return file;
};

const profile = { name: 'Smith & Co <Social>', email: null, phone: null, address: null, website: null, invoice_prefix: 'INV-' };

describe('a served page carries the agency', () => {
  it('puts the name, HTML-escaped, where prerendering left the placeholder, in the title and the body', async () => {
    const html = await agencyPage(page('<html><head><title>Pricing | %AGENCY_NAME%</title></head><body><i>%AGENCY_INITIAL%</i>© %AGENCY_NAME%</body></html>'), profile);
    expect(html).toContain('<title>Pricing | Smith &amp; Co &lt;Social&gt;</title>');
    expect(html).toContain('<body><i>S</i>© Smith &amp; Co &lt;Social&gt;</body>');
    expect(html).not.toContain('%AGENCY_NAME%');
  });

  it('adds the profile as a JSON script in the head that no name can break out of', async () => {
    const hostile = { ...profile, name: '</script><script>alert(1)</script>' };
    const html = await agencyPage(page('<html><head></head><body></body></html>'), hostile);
    const script = /<script id="agency-profile" type="application\/json">(.*?)<\/script><\/head>/.exec(html);
    expect(script).not.toBeNull();
    expect(script![1]).not.toContain('</script>');
    expect(JSON.parse(script![1]!)).toEqual(hostile);
  });
});
