import { company } from '../../shared/company';
import { escapeAttribute } from '../../shared/escape-html';
import { publicProfile } from './public-profile';

export interface HeadData {
  title: string;
  description: string;
  /** The page's path, for the canonical link. */
  path: string;
  keywords?: readonly string[];
  /** Structured data blocks (schema.org), written as application/ld+json. */
  jsonLd?: readonly object[];
  /** Pages that should stay out of search results (accounts, quotes, admin). */
  noindex?: boolean;
  image?: string;
}

export const defaultKeywords = [
  'drop-wise addition',
  'controlled-rate dispensing',
  'sterile media addition',
  'laboratory automation',
  'benchtop instrument',
  'cell culture',
  'osmolality',
];

export const defaultHead: HeadData = {
  title: `${company.productName} | Sterile, controlled-rate drop-wise addition`,
  description:
    'A benchtop instrument for sterile, controlled-rate, drop-wise addition of media with integrated mixing. Configure yours, get a quote and order online.',
  path: '/',
  keywords: defaultKeywords,
};

/** JSON inside <script> must not be able to close the tag. */
export const serializeJsonLd = (data: object) => JSON.stringify(data).replaceAll('<', '\\u003c');

/** The tags of a page head as HTML, with the site's origin left as %PUBLIC_URL% for the server to fill. */
export function headTagsHtml(head: HeadData, origin = '%PUBLIC_URL%', options: { canonical?: boolean } = {}): string {
  const url = `${origin}${head.path}`;
  const image = `${origin}${head.image ?? '/media/og-image.png'}`;
  const meta: [string, string, string][] = [
    ['name', 'description', head.description],
    ['name', 'keywords', (head.keywords ?? defaultKeywords).join(', ')],
    ['property', 'og:type', 'website'],
    ['property', 'og:site_name', publicProfile().tradingName],
    ['property', 'og:title', head.title],
    ['property', 'og:description', head.description],
    ['property', 'og:url', url],
    ['property', 'og:image', image],
    ['property', 'og:locale', 'en_GB'],
    ['name', 'twitter:card', 'summary_large_image'],
    ['name', 'twitter:title', head.title],
    ['name', 'twitter:description', head.description],
    ['name', 'twitter:image', image],
  ];
  if (head.noindex) meta.push(['name', 'robots', 'noindex']);
  return [
    `<title>${escapeAttribute(head.title)}</title>`,
    ...meta.map(([kind, key, value]) => `<meta ${kind}="${key}" content="${escapeAttribute(value)}" />`),
    ...(options.canonical === false ? [] : [`<link rel="canonical" href="${escapeAttribute(url)}" />`]),
    ...(head.jsonLd ?? []).map(
      (block) =>
        `<script type="application/ld+json" data-page-head="${escapeAttribute(head.path)}">${serializeJsonLd(block)}</script>`,
    ),
  ].join('\n    ');
}
