import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { fakeDataProvider, renderScreen } from '../test/render.tsx';
import { renderMarkdown } from './markdown.ts';
import { NewsList } from './NewsList.tsx';
import { slugify } from './slug.ts';

const articles = [
  { id: 'n1', title: 'Nieuwe artiesten', slug: 'nieuwe-artiesten', status: 'draft', published_at: null, updated_at: '2026-11-20T10:00:00Z', body: '' },
  { id: 'n2', title: 'Zomerfeesten', slug: 'zomerfeesten', status: 'published', published_at: '2026-11-01T10:00:00Z', updated_at: '2026-11-01T10:00:00Z', body: '' },
];

describe('the news list', () => {
  it('publishes a draft and unpublishes a published article', async () => {
    const dataProvider = fakeDataProvider({ news: articles });
    renderScreen(<NewsList />, { resource: 'news', dataProvider });
    const draft = (await screen.findByText('Nieuwe artiesten')).closest('tr')!;
    expect(within(draft).getByText('Concept')).toBeInTheDocument();
    await userEvent.click(within(draft).getByRole('button', { name: 'Publiceren' }));
    await vi.waitFor(() =>
      expect(dataProvider.update).toHaveBeenCalledWith('news', expect.objectContaining({ id: 'n1', data: expect.objectContaining({ status: 'published', published_at: expect.any(String) }) })),
    );
    expect(await screen.findByText('Artikel gepubliceerd')).toBeInTheDocument();

    const published = screen.getByText('Zomerfeesten').closest('tr')!;
    await userEvent.click(within(published).getByRole('button', { name: 'Depubliceren' }));
    await vi.waitFor(() => expect(dataProvider.update).toHaveBeenCalledWith('news', expect.objectContaining({ id: 'n2', data: { status: 'draft', published_at: null } })));
  });
});

describe('article text', () => {
  it('renders Markdown and strips scripts', () => {
    const html = renderMarkdown('## Welkom\n\n**Vet** <script>alert(1)</script><img src=x onerror="alert(1)">');
    expect(html).toContain('<h2>Welkom</h2>');
    expect(html).toContain('<strong>Vet</strong>');
    expect(html).not.toContain('<script');
    expect(html).not.toContain('onerror');
  });

  it('makes a slug from a Dutch title', () => {
    expect(slugify('Café-optredens in België: de top 10!')).toBe('cafe-optredens-in-belgie-de-top-10');
  });
});
