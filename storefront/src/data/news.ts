// The news pages' public data (/news, /news/{slug}): published articles only; RLS hides drafts
// and articles whose publication date lies ahead.
import { dutchDateOfMoment } from '@podium/shared/dutch';
import type { PublicQuery } from './public-query.ts';
import { unwrap } from '@podium/shared/unwrap';

export const newsPageSize = 9;

export interface NewsSummary {
  id: string;
  slug: string;
  title: string;
  excerpt: string;
  cover_path: string | null;
  published_at: string;
}

export interface NewsArticle extends NewsSummary {
  body: string;
  updated_at: string;
}

export interface NewsPage {
  articles: NewsSummary[];
  total: number;
  page: number;
  pageCount: number;
}

/** ?pagina= as the list reads it: a whole number from 1, anything else is page 1. */
export function parseNewsPage(value: string | null): number {
  const page = value && /^\d{1,4}$/.test(value) ? Number(value) : 1;
  return page >= 1 ? page : 1;
}

/** One page of the news list, newest first. */
export function newsListQuery(page: number): PublicQuery<NewsPage> {
  return {
    queryKey: ['news', 'list', page],
    fetch: async (client) => {
      const from = (page - 1) * newsPageSize;
      const { data, count, error } = await client
        .from('news_articles')
        .select('id, slug, title, excerpt, cover_path, published_at', { count: 'exact' })
        .order('published_at', { ascending: false })
        .order('id')
        .range(from, from + newsPageSize - 1);
      // Past the last page PostgREST answers 416; that is an empty page, not an error.
      if (error && error.code !== 'PGRST103') throw error;
      const total = count ?? 0;
      return { articles: (data ?? []) as NewsSummary[], total, page, pageCount: Math.max(1, Math.ceil(total / newsPageSize)) };
    },
  };
}

/** One published article by slug, or null (unknown, draft or not yet published). */
export function newsArticleQuery(slug: string): PublicQuery<NewsArticle | null> {
  return {
    queryKey: ['news', 'article', slug],
    fetch: async (client) =>
      unwrap(await client.from('news_articles').select('id, slug, title, excerpt, body, cover_path, published_at, updated_at').eq('slug', slug).maybeSingle()) as NewsArticle | null,
  };
}

/** The newest articles besides one (under an article). */
export function moreNewsQuery(exceptSlug: string): PublicQuery<NewsSummary[]> {
  return {
    queryKey: ['news', 'more', exceptSlug],
    fetch: async (client) =>
      unwrap(
        await client.from('news_articles').select('id, slug, title, excerpt, cover_path, published_at').neq('slug', exceptSlug).order('published_at', { ascending: false }).limit(3),
      ) as NewsSummary[],
  };
}

/** '19 november 2026'. */
export const formatNewsDate = (timestamp: string) => dutchDateOfMoment(timestamp);

export const newsPath = (slug: string) => `/news/${encodeURIComponent(slug)}`;
