// The landing pages of SPEC 2.1 share one layout: a hero naming the kind of entertainment, then
// the page's content (another issue's; a labelled placeholder until then).
import { Box, Container, Heading, Text } from '@chakra-ui/react';
import { useLocation } from 'react-router';
import { breadcrumbJsonLd, PageMeta } from '../seo/PageMeta.tsx';
import { ComingSoon } from './ComingSoon.tsx';
import { landingPages } from './landing-texts.ts';

export default function LandingPage() {
  const { pathname } = useLocation();
  const page = landingPages[pathname] ?? { title: 'Artiest boeken', intro: '' };
  return (
    <>
      <PageMeta
        title={page.title}
        description={page.intro}
        path={pathname}
        jsonLd={[breadcrumbJsonLd([{ name: 'Home', path: '/' }, { name: page.title, path: pathname }])]}
      />
      <Box bg="ink.950" color="white" py={{ base: '12', md: '16' }} backgroundImage="radial-gradient(circle at 15% 30%, rgba(239, 122, 69, 0.45), transparent 50%)">
        <Container maxW="7xl" px={{ base: '4', md: '6' }}>
          <Heading as="h1" fontSize={{ base: '3xl', md: '5xl' }} fontWeight="800" letterSpacing="-0.02em">
            {page.title}
          </Heading>
          <Text mt="3" fontSize="lg" color="whiteAlpha.800" maxW="2xl">
            {page.intro}
          </Text>
        </Container>
      </Box>
      <ComingSoonSection title={page.title} />
    </>
  );
}

function ComingSoonSection({ title }: { title: string }) {
  return <ComingSoon title={`Artiesten voor ${title.toLowerCase()}`} description="Hier verschijnen binnenkort de artiesten die het best bij deze gelegenheid passen, met prijzen en reviews." />;
}
