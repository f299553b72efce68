import { createContext, useContext, useEffect } from 'react';
import { useLocation } from 'react-router';
import { defaultKeywords, type HeadData, serializeJsonLd } from './head-tags';

/** Set while prerendering: the page's head is collected here instead of written to the document. */
export const HeadCollectorContext = createContext<{ head?: HeadData } | null>(null);

function setMeta(attribute: 'name' | 'property', key: string, content: string | undefined) {
  let element = document.head.querySelector<HTMLMetaElement>(`meta[${attribute}="${key}"]`);
  if (content === undefined) {
    element?.remove();
    return;
  }
  if (!element) {
    element = document.createElement('meta');
    element.setAttribute(attribute, key);
    document.head.append(element);
  }
  element.content = content;
}

function applyHead(head: HeadData) {
  const url = `${window.location.origin}${head.path}`;
  document.title = head.title;
  setMeta('name', 'description', head.description);
  setMeta('name', 'keywords', (head.keywords ?? defaultKeywords).join(', '));
  setMeta('property', 'og:title', head.title);
  setMeta('property', 'og:description', head.description);
  setMeta('property', 'og:url', url);
  setMeta('name', 'twitter:title', head.title);
  setMeta('name', 'twitter:description', head.description);
  setMeta('name', 'robots', head.noindex ? 'noindex' : undefined);
  let canonical = document.head.querySelector<HTMLLinkElement>('link[rel="canonical"]');
  if (!canonical) {
    canonical = document.createElement('link');
    canonical.rel = 'canonical';
    document.head.append(canonical);
  }
  canonical.href = url;
  // A page without blocks of its own in the browser keeps the ones prerendered for its path (the
  // home page writes its schema.org blocks only when prerendered; crawlers read them there).
  for (const script of document.head.querySelectorAll<HTMLScriptElement>('script[data-page-head]')) {
    if (head.jsonLd || script.dataset.pageHead !== head.path) script.remove();
  }
  for (const block of head.jsonLd ?? []) {
    const script = document.createElement('script');
    script.type = 'application/ld+json';
    script.dataset.pageHead = head.path;
    script.textContent = serializeJsonLd(block);
    document.head.append(script);
  }
}

export type PageHeadProps = Omit<HeadData, 'path'> & { path?: string };

/** Declares the page's title, description, canonical link, social metadata and structured data. */
export function PageHead(props: PageHeadProps) {
  const collector = useContext(HeadCollectorContext);
  const { pathname } = useLocation();
  const head: HeadData = { ...props, path: props.path ?? pathname };
  if (collector) collector.head = head;
  const key = JSON.stringify(head);
  useEffect(() => {
    applyHead(JSON.parse(key) as HeadData);
  }, [key]);
  return null;
}
