// The storefront's not-found page: the shared screen, on to the artists or the homepage.
import { Button } from '@chakra-ui/react';
import { NotFoundScreen } from '@podium/shared/errors/ErrorScreens.tsx';
import { Link } from 'react-router';

export function NotFoundPage() {
  return (
    <NotFoundScreen hint="Ontdek onze artiesten of ga terug naar de homepage.">
      <Button asChild colorPalette="brand" rounded="full">
        <Link to="/artists">Bekijk artiesten</Link>
      </Button>
      <Button asChild variant="outline" rounded="full">
        <Link to="/">Naar de homepage</Link>
      </Button>
    </NotFoundScreen>
  );
}
