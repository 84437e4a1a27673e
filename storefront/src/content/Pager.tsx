// Paging links for a list on a page ('Vorige', the page numbers, 'Volgende'): real links, so the
// back button and a shared address keep the page; the current page is marked as such.
import { Box, Button, HStack, Text } from '@chakra-ui/react';
import type { MouseEvent, ReactNode } from 'react';
import { Link } from 'react-router';
import { pagerPages } from './pager-pages.ts';

/** A click that opens a new tab or window stays the browser's. */
const plainClick = (event: MouseEvent) => event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey;

export function Pager({
  page,
  pageCount,
  href,
  label = 'Paginering',
  summary,
  keepScroll = false,
  onPage,
}: {
  page: number;
  pageCount: number;
  href: (page: number) => string;
  label?: string;
  summary?: ReactNode;
  keepScroll?: boolean;
  /** Goes to a page itself (a list that scrolls to its top), instead of following the link. */
  onPage?: (page: number) => void;
}) {
  const link = (target: number, text: string, current = false, rel?: 'prev' | 'next') => (
    <Button asChild key={`${text}-${target}`} size="sm" minW="10" rounded="full" variant={current ? 'solid' : 'outline'} colorPalette={current ? 'brand' : undefined}>
      <Link
        to={href(target)}
        rel={rel}
        preventScrollReset={keepScroll}
        aria-current={current ? 'page' : undefined}
        aria-label={text === String(target) ? `Pagina ${target}` : text}
        onClick={
          onPage &&
          ((event) => {
            if (!plainClick(event)) return;
            event.preventDefault();
            onPage(target);
          })
        }
      >
        {text}
      </Link>
    </Button>
  );
  return (
    <Box>
      {pageCount > 1 && (
        <HStack as="nav" aria-label={label} justify="center" gap="2" flexWrap="wrap">
          {page > 1 && link(page - 1, 'Vorige', false, 'prev')}
          {pagerPages(page, pageCount).map((target, index) =>
            target === 'gap' ? (
              <Text key={`gap-${index}`} color="fg.muted" aria-hidden="true">
                …
              </Text>
            ) : (
              link(target, String(target), target === page)
            ),
          )}
          {page < pageCount && link(page + 1, 'Volgende', false, 'next')}
        </HStack>
      )}
      {summary && (
        <Text textAlign="center" fontSize="sm" color="fg.muted" mt="3">
          {summary}
        </Text>
      )}
    </Box>
  );
}
