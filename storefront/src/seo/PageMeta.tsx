// Per-page title, description, canonical, Open Graph and JSON-LD. React 19 hoists
// <title>, <meta> and <link> rendered anywhere into <head>, so a page declares its own tags where
// it renders; the JSON-LD script stays in the body, where search engines read it too.
import { site } from '../site.ts';

export interface PageMetaProps {
  /** The page's own title; ' · Podium' is added unless it already names Podium. */
  title: string;
  description: string;
  /** The canonical path on this site ('/artists/the-funky-five'); query strings are left off. */
  path: string;
  /** An absolute image URL for link previews; the site's default image otherwise. */
  image?: string | null;
  type?: 'website' | 'article' | 'profile';
  /** Structured data objects (schema.org), each written as its own JSON-LD script. */
  jsonLd?: readonly Record<string, unknown>[];
  /** Pages that should not be indexed (favourites, search results with filters). */
  noindex?: boolean;
}

export const absoluteUrl = (path: string) => new URL(path, site.url).toString();

export const pageTitle = (title: string) => (/podium/i.test(title) ? title : `${title} · ${site.name}`);

/** JSON inside <script>: '<' escaped so no text can close the tag. */
const scriptJson = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c');

export function PageMeta({ title, description, path, image, type = 'website', jsonLd = [], noindex = false }: PageMetaProps) {
  const fullTitle = pageTitle(title);
  const url = absoluteUrl(path.split('?')[0] ?? path);
  const imageUrl = image ?? absoluteUrl(site.defaultShareImage);
  return (
    <>
      <title>{fullTitle}</title>
      <meta name="description" content={description} />
      <link rel="canonical" href={url} />
      {noindex && <meta name="robots" content="noindex, follow" />}
      <meta property="og:site_name" content={site.name} />
      <meta property="og:locale" content="nl_NL" />
      <meta property="og:type" content={type} />
      <meta property="og:title" content={fullTitle} />
      <meta property="og:description" content={description} />
      <meta property="og:url" content={url} />
      <meta property="og:image" content={imageUrl} />
      <meta name="twitter:card" content="summary_large_image" />
      {jsonLd.map((data, index) => (
        <script key={index} type="application/ld+json" dangerouslySetInnerHTML={{ __html: scriptJson(data) }} />
      ))}
    </>
  );
}

/** schema.org BreadcrumbList for a trail of [name, path] pairs, home first. */
export function breadcrumbJsonLd(trail: readonly { name: string; path: string }[]): Record<string, unknown> {
  return {
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: trail.map((crumb, index) => ({ '@type': 'ListItem', position: index + 1, name: crumb.name, item: absoluteUrl(crumb.path) })),
  };
}

/** schema.org Organization: Podium itself (home, about, contact). */
export function organizationJsonLd(): Record<string, unknown> {
  return {
    '@context': 'https://schema.org',
    '@type': 'Organization',
    name: site.name,
    url: absoluteUrl('/'),
    logo: absoluteUrl('/favicon.svg'),
    email: site.email,
    telephone: site.phone,
    address: { '@type': 'PostalAddress', streetAddress: site.address[0], postalCode: site.address[1].slice(0, 7), addressLocality: site.address[1].slice(8), addressCountry: 'NL' },
  };
}
