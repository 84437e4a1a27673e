// SPEC 1 / 2.9: the review widget in the footer. With a Trustpilot business id configured
// (VITE_REVIEW_WIDGET_ID) it is their TrustBox (locale nl-NL), whose script loads only once the
// footer comes into view; without one, Podium's own verified reviews (site_reviews(): the average,
// how many, two recent quotes linked to their acts), prerendered with the page like the rest of
// the footer.
import { HStack, Link as ChakraLink, Stack, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { Suspense, useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { QueryProvider } from '../app/query.tsx';
import { publicQueryOptions } from '../data/public-query.ts';
import { siteReviewsQuery, type SiteReviews } from '../data/site-reviews.ts';
import { formatRating, reviewCountText } from '../marketplace/artist-cards.ts';
import { Stars } from '../marketplace/Stars.tsx';
import { site } from '../site.ts';

const scriptUrl = 'https://widget.trustpilot.com/bootstrap/v5/tp.widget.bootstrap.min.js';

export function ReviewWidget({ businessId = site.reviewWidget.id }: { businessId?: string | null }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = ref.current;
    if (!businessId || !element) return;
    const observer = new IntersectionObserver((entries) => {
      if (!entries.some((entry) => entry.isIntersecting)) return;
      observer.disconnect();
      if (!document.querySelector(`script[src="${scriptUrl}"]`)) {
        const script = document.createElement('script');
        script.src = scriptUrl;
        script.async = true;
        document.head.append(script);
      }
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [businessId]);

  if (!businessId) {
    return (
      <Suspense fallback={null}>
        <QueryProvider>
          <PodiumReviews />
        </QueryProvider>
      </Suspense>
    );
  }
  return (
    <div
      ref={ref}
      className="trustpilot-widget"
      data-testid="review-widget"
      data-locale={site.reviewWidget.locale}
      data-template-id="5419b6a8b0d04a076446a9ad"
      data-businessunit-id={businessId}
      data-style-height="24px"
      data-style-width="100%"
      data-theme="dark"
    >
      <a href="https://nl.trustpilot.com/" target="_blank" rel="noopener noreferrer">
        Trustpilot
      </a>
    </div>
  );
}

/** A quote in the footer: at most this many characters, cut at a word. */
const quoteLength = 140;
const shortQuote = (body: string) => {
  const text = body.trim().replace(/\s+/g, ' ');
  if (text.length <= quoteLength) return text;
  return `${text.slice(0, text.lastIndexOf(' ', quoteLength)).replace(/[,.;:!?]$/, '')}…`;
};

/** Podium's own reviews; nothing while they load or when none exist yet (the footer does not shift: it sits below the page). */
function PodiumReviews() {
  const reviews = useQuery({ ...publicQueryOptions(siteReviewsQuery), staleTime: 10 * 60_000 });
  if (!reviews.data || reviews.data.review_count === 0 || reviews.data.rating_avg === null) return null;
  return <ReviewSummary reviews={reviews.data} />;
}

export function ReviewSummary({ reviews }: { reviews: SiteReviews }) {
  const average = formatRating(reviews.rating_avg ?? 0);
  const count = reviewCountText(reviews.review_count);
  return (
    <Stack as="section" aria-label="Wat klanten zeggen" data-testid="site-reviews" gap="3" rounded="xl" borderWidth="1px" borderColor="whiteAlpha.300" px="4" py="3" maxW="sm">
      <HStack gap="2" flexWrap="wrap">
        <Stars rating={reviews.rating_avg ?? 0} size={14} empty="whiteAlpha.400" />
        <Text fontSize="sm" color="white" fontWeight="700">
          {average} van 5
        </Text>
        <Text fontSize="sm" color="whiteAlpha.800">
          op basis van {count} van klanten die boekten
        </Text>
      </HStack>
      {reviews.quotes.map((quote) => (
        <Stack as="figure" key={quote.id} gap="1" m="0">
          <Text as="blockquote" fontSize="sm" color="whiteAlpha.900" m="0">
            “{shortQuote(quote.body)}”
          </Text>
          <Text as="figcaption" fontSize="xs" color="whiteAlpha.700">
            {quote.reviewer} over{' '}
            <ChakraLink asChild color="brand.200" textDecoration="underline">
              <Link to={`/artists/${quote.artist_slug}`}>{quote.artist_name}</Link>
            </ChakraLink>
          </Text>
        </Stack>
      ))}
    </Stack>
  );
}
