import { describe, expect, it } from 'vitest';
import { defaultSystemSettings } from '../../shared/settings';
import { applySiteHead, descriptionOf } from './site-head';

const shellDescription = 'A benchtop instrument for sterile, controlled-rate, drop-wise addition of media.';
const page = (title: string, description: string) => `<!doctype html><html><head>
<title>${title}</title>
<meta name="description" content="${description}" />
<meta property="og:site_name" content="Dropwise Labs" />
<meta property="og:title" content="${title}" />
<meta name="twitter:title" content="${title}" />
</head><body><h1>Dropwise Labs | not the head</h1></body></html>`;

describe('the Site Name and Site Description in a served page head', () => {
  it('leaves the page as built while both are the defaults', () => {
    const html = page('About us | Dropwise Labs', 'About the company.');
    expect(applySiteHead(html, defaultSystemSettings, shellDescription)).toBe(html);
  });

  it('puts the Site Name in the title suffix and the social tags, escaped, and the Site Description over the default one', () => {
    const settings = { siteName: 'Acme <Lab> & Co', siteDescription: 'Drops, "done right".' };
    const about = applySiteHead(page('About us | Dropwise Labs', 'About the company.'), settings, shellDescription);
    expect(about).toContain('<title>About us | Acme &lt;Lab&gt; &amp; Co</title>');
    expect(about).toContain('<meta property="og:site_name" content="Acme &lt;Lab&gt; &amp; Co" />');
    expect(about).toContain('<meta property="og:title" content="About us | Acme &lt;Lab&gt; &amp; Co" />');
    // A page's own description stays; the body is untouched.
    expect(about).toContain('content="About the company."');
    expect(about).toContain('<h1>Dropwise Labs | not the head</h1>');

    const home = applySiteHead(
      page('Dropwise | Sterile, controlled-rate drop-wise addition', shellDescription),
      settings,
      descriptionOf(page('x', shellDescription)),
    );
    expect(home).toContain('<title>Acme &lt;Lab&gt; &amp; Co | Sterile, controlled-rate drop-wise addition</title>');
    expect(home).toContain('<meta name="description" content="Drops, &quot;done right&quot;." />');
  });
});
