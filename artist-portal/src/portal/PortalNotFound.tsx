// A portal address that names no page: the shared not-found screen, in the portal's frame, on to the overview.
import { Button } from '@chakra-ui/react';
import { NotFoundScreen } from '@podium/shared/errors/ErrorScreens.tsx';
import { Link } from 'react-router';

export function PortalNotFound() {
  return (
    <NotFoundScreen hint="Ga terug naar je overzicht.">
      <Button asChild colorPalette="brand" rounded="full">
        <Link to="/dashboard/artist">Naar je overzicht</Link>
      </Button>
    </NotFoundScreen>
  );
}
