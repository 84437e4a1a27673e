// The placeholder for screens other issues fill (marketplace pages, bookings, checkout, ...):
// plainly labelled, polite, inside the page's real layout.
import { Badge, Box, Button, Container, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import { useEffect } from 'react';
import { Link } from 'react-router';
import { MusicIcon } from '../layout/icons.tsx';

export interface ComingSoonProps {
  title: string;
  description?: string;
}

export function ComingSoon({ title, description }: ComingSoonProps) {
  useEffect(() => {
    document.title = `${title} · Podium`;
  }, [title]);
  return (
    <Container maxW="4xl" px={{ base: '4', md: '6' }} py={{ base: '10', md: '16' }}>
      <Stack gap="6" bg="white" rounded="2xl" borderWidth="1px" p={{ base: '6', md: '10' }} boxShadow="0 18px 48px -32px rgba(37, 29, 42, 0.4)">
        <HStack gap="3">
          <Box rounded="xl" bg="brand.50" color="brand.700" p="3">
            <MusicIcon size={24} />
          </Box>
          <Badge colorPalette="brand" variant="subtle" rounded="full" px="3" py="1" fontSize="xs" data-testid="coming-soon">
            Binnenkort beschikbaar
          </Badge>
        </HStack>
        <Heading as="h1" size={{ base: '2xl', md: '3xl' }} fontWeight="800" letterSpacing="-0.02em">
          {title}
        </Heading>
        <Text color="fg.muted" fontSize="lg" maxW="2xl">
          {description ?? 'We leggen de laatste hand aan deze pagina. Binnenkort vind je hier alles wat je nodig hebt.'}
        </Text>
        <HStack gap="3" flexWrap="wrap">
          <Button asChild colorPalette="brand" rounded="full">
            <Link to="/artists">Ontdek artiesten</Link>
          </Button>
          <Button asChild variant="outline" rounded="full">
            <Link to="/">Naar de homepage</Link>
          </Button>
        </HStack>
      </Stack>
    </Container>
  );
}
