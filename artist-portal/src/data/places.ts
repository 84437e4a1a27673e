// The place search of the listing's location step (search_places), through the portal's client.
import { placeQueries } from '@podium/shared/places';
import { portalClient } from '../app/client.ts';

export const listingPlaceQueries = placeQueries(portalClient);
