// The breadcrumb trail above a page's title: home first, the current page last and marked as
// such. Light pages show it in muted ink; the content pages' dark hero (PageHero) in white.
import { Box, HStack, Link as ChakraLink, Text, type BoxProps } from '@chakra-ui/react';
import { Link } from 'react-router';

export interface Crumb {
  name: string;
  path: string;
}

const tones = {
  light: { trail: 'fg.muted', link: { color: 'fg.muted', _hover: { color: 'ink.900' } }, current: { color: 'ink.900', fontWeight: '600' } },
  dark: { trail: 'whiteAlpha.800', link: { color: 'whiteAlpha.800', _hover: { color: 'white', textDecoration: 'underline' } }, current: { color: 'white', fontWeight: '400' } },
} as const;

export function Breadcrumbs({ trail, tone = 'light', ...box }: { trail: readonly Crumb[]; tone?: keyof typeof tones } & Omit<BoxProps, 'children'>) {
  const colours = tones[tone];
  return (
    <Box as="nav" aria-label="Kruimelpad" fontSize="sm" {...box}>
      <HStack as="ol" gap="2" listStyleType="none" m="0" p="0" color={colours.trail} flexWrap="wrap">
        {trail.map((crumb, index) => (
          <HStack as="li" key={`${index}-${crumb.path}`} gap="2">
            {index > 0 && <span aria-hidden="true">/</span>}
            {index < trail.length - 1 ? (
              <ChakraLink asChild {...colours.link}>
                <Link to={crumb.path}>{crumb.name}</Link>
              </ChakraLink>
            ) : (
              <Text as="span" {...colours.current} aria-current="page">
                {crumb.name}
              </Text>
            )}
          </HStack>
        ))}
      </HStack>
    </Box>
  );
}
