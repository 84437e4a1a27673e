// The breadcrumb trail on a light page (the signed-in pages): home first, the current page last
// and marked as such. PageHero draws the same trail on its dark hero.
import { Box, HStack, Link as ChakraLink, Text } from '@chakra-ui/react';
import { Link } from 'react-router';
import type { Crumb } from './PageHero.tsx';

export function Breadcrumbs({ trail }: { trail: readonly Crumb[] }) {
  return (
    <Box as="nav" aria-label="Kruimelpad" fontSize="sm">
      <HStack as="ol" gap="2" listStyleType="none" m="0" p="0" color="fg.muted" flexWrap="wrap">
        {trail.map((crumb, index) => (
          <HStack as="li" key={crumb.path} gap="2">
            {index > 0 && <span aria-hidden="true">/</span>}
            {index < trail.length - 1 ? (
              <ChakraLink asChild color="fg.muted" _hover={{ color: 'ink.900' }}>
                <Link to={crumb.path}>{crumb.name}</Link>
              </ChakraLink>
            ) : (
              <Text as="span" color="ink.900" fontWeight="600" aria-current="page">
                {crumb.name}
              </Text>
            )}
          </HStack>
        ))}
      </HStack>
    </Box>
  );
}
