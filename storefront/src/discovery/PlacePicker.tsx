// The storefront's place picker: the shared one over the public client's place queries.
import { placeQueries } from '@podium/shared/places';
import { PlacePicker as SharedPlacePicker, usePlaceName as useSharedPlaceName } from '@podium/shared/ui/PlacePicker';
import { loadPublicClient } from '../data/public-query.ts';
import { MapPinIcon } from '@podium/shared/ui/icons';

const queries = placeQueries(loadPublicClient);

/** The name of a chosen place (for chips and the picker). */
export const usePlaceName = (placeId: number | null) => useSharedPlaceName(queries, placeId);

export function PlacePicker({
  placeId,
  onChange,
  label,
  onTextChange,
}: {
  placeId: number | null;
  onChange: (placeId: number | null) => void;
  /** The combobox's name for screen readers ('Plaats' unless said). */
  label?: string;
  onTextChange?: (text: string) => void;
}) {
  return <SharedPlacePicker queries={queries} placeId={placeId} onChange={onChange} icon={<MapPinIcon size={16} />} {...(label ? { label } : {})} {...(onTextChange ? { onTextChange } : {})} />;
}
