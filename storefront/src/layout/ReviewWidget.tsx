// SPEC 1 / 2.9: the third-party review widget in the footer (a Trustpilot TrustBox, locale
// nl-NL). Its business id is configuration (VITE_REVIEW_WIDGET_ID); unset, a quiet placeholder
// stands in. The widget's script loads only once the footer comes into view.
import { Box, HStack, Text } from '@chakra-ui/react';
import { useEffect, useRef } from 'react';
import { site } from '../site.ts';
import { StarIcon } from './icons.tsx';

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
      <Box data-testid="review-widget-placeholder" rounded="xl" borderWidth="1px" borderColor="whiteAlpha.300" px="4" py="3" maxW="xs">
        <HStack gap="0.5" color="brand.300" aria-hidden="true">
          {[0, 1, 2, 3, 4].map((star) => (
            <StarIcon key={star} size={16} />
          ))}
        </HStack>
        <Text fontSize="sm" mt="1" color="whiteAlpha.800">
          Klantbeoordelingen verschijnen hier binnenkort.
        </Text>
      </Box>
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
