// The dark hero that opens the content pages (news, info, service and landing pages), with the
// page's breadcrumb trail above the h1.
import { Box, Container, Heading, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { Breadcrumbs, type Crumb } from './Breadcrumbs.tsx';

export type { Crumb };

export function PageHero({ title, intro, crumbs, children }: { title: string; intro?: ReactNode; crumbs: readonly Crumb[]; children?: ReactNode }) {
  return (
    <Box
      bg="ink.950"
      color="white"
      pt={{ base: '8', md: '12' }}
      pb={{ base: '10', md: '16' }}
      backgroundImage="radial-gradient(circle at 12% 25%, rgba(239, 122, 69, 0.42), transparent 52%), radial-gradient(circle at 90% 90%, rgba(239, 122, 69, 0.18), transparent 45%)"
    >
      <Container maxW="7xl" px={{ base: '4', md: '6' }}>
        <Breadcrumbs trail={crumbs} tone="dark" />
        <Heading as="h1" mt="4" fontSize={{ base: '3xl', md: '5xl' }} fontWeight="800" letterSpacing="-0.02em" lineHeight="1.1" maxW="4xl">
          {title}
        </Heading>
        {intro && (
          <Text mt="4" fontSize={{ base: 'md', md: 'xl' }} color="whiteAlpha.900" maxW="3xl">
            {intro}
          </Text>
        )}
        {children}
      </Container>
    </Box>
  );
}

/** Long-form text (privacy, terms, about): readable measure, spaced headings and lists. */
export function Prose({ children }: { children: ReactNode }) {
  return (
    <Box
      maxW="3xl"
      fontSize={{ base: 'md', md: 'lg' }}
      lineHeight="1.75"
      color="ink.800"
      css={{
        '& h2': { fontSize: '1.5rem', fontWeight: 800, letterSpacing: '-0.01em', marginTop: '2.2em', marginBottom: '0.6em', color: 'var(--chakra-colors-ink-950)', lineHeight: 1.25 },
        '& h2:first-of-type': { marginTop: 0 },
        '& h3': { fontSize: '1.15rem', fontWeight: 700, marginTop: '1.6em', marginBottom: '0.4em', color: 'var(--chakra-colors-ink-950)' },
        '& p + p, & p + ul, & ul + p, & p + ol, & ol + p': { marginTop: '0.9em' },
        '& ul, & ol': { paddingInlineStart: '1.5em' },
        '& ul': { listStyleType: 'disc' },
        '& ol': { listStyleType: 'decimal' },
        '& li + li': { marginTop: '0.4em' },
        '& a': { color: 'var(--chakra-colors-brand-700)', textDecoration: 'underline' },
        '& table': { width: '100%', borderCollapse: 'collapse', fontSize: '0.95em', marginTop: '1em' },
        '& th, & td': { textAlign: 'start', padding: '0.6em 0.75em', borderBottom: '1px solid var(--chakra-colors-ink-100)', verticalAlign: 'top' },
        '& th': { fontWeight: 700, background: 'var(--chakra-colors-ink-50)' },
      }}
    >
      {children}
    </Box>
  );
}
