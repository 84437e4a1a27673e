import { Box, HStack, Text } from '@chakra-ui/react';
import { Link } from 'react-router';

/** The wordmark: a spotlight over a stage, and the name; it leads home (another app's home loads anew). */
export function Logo({ inverted = false, to = '/', reloadDocument, label = 'Podium, naar de homepage' }: { inverted?: boolean; to?: string; reloadDocument?: boolean; label?: string }) {
  return (
    <HStack asChild gap="2" color={inverted ? 'white' : 'ink.900'} _hover={{ textDecoration: 'none' }}>
      <Link to={to} reloadDocument={reloadDocument} aria-label={label}>
        <Box as="span" display="inline-flex" w="8" h="8" rounded="lg" bg="brand.600" color="white" alignItems="center" justifyContent="center">
          <svg width="20" height="20" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
            <path d="M12 3 6 15h12z" fill="currentColor" opacity="0.55" />
            <rect x="3" y="16" width="18" height="4" rx="1.5" fill="currentColor" />
          </svg>
        </Box>
        <Text as="span" fontFamily="heading" fontWeight="800" fontSize="xl" letterSpacing="-0.02em">
          Podium
        </Text>
      </Link>
    </HStack>
  );
}
