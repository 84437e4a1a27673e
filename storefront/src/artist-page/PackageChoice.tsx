// The package radio rows: the artist page's booking panel (compact, beside the page) and the
// booking request form (with each package's description) choose a package the same way.
import { Box, Flex, Stack, Text } from '@chakra-ui/react';
import type { ArtistPackage } from '../data/artist-page.ts';
import { formatPrice } from '../marketplace/artist-cards.ts';
import { formatDuration } from './pricing.ts';

export function PackageChoice({
  packages,
  name,
  value,
  onChange,
  compact = false,
  fieldName,
}: {
  packages: readonly ArtistPackage[];
  /** The radio group's name, unique on the page. */
  name: string;
  value: string | null;
  onChange: (packageId: string) => void;
  /** The panel's narrow rows: smaller type, one line per name, no description. */
  compact?: boolean;
  /** Marks the first radio as the form field an error message leads to (`data-field`). */
  fieldName?: string;
}) {
  return (
    <Stack gap="2">
      {packages.map((pkg, index) => {
        const checked = pkg.id === value;
        return (
          <Flex
            as="label"
            key={pkg.id}
            gap="3"
            align="center"
            p="3"
            rounded="xl"
            borderWidth="1px"
            borderColor={checked ? 'brand.500' : 'border'}
            bg={checked ? 'brand.50' : 'white'}
            cursor="pointer"
            _focusWithin={{ outline: '2px solid', outlineColor: 'brand.500', outlineOffset: '1px' }}
          >
            <input
              type="radio"
              name={name}
              value={pkg.id}
              checked={checked}
              {...(index === 0 && fieldName ? { 'data-field': fieldName } : {})}
              onChange={() => onChange(pkg.id)}
              style={{ accentColor: 'var(--chakra-colors-brand-600)', width: 18, height: 18 }}
            />
            <Box flex="1" minW="0">
              <Text fontWeight="600" {...(compact ? { fontSize: 'sm', lineClamp: 1 } : {})}>
                {pkg.name}
              </Text>
              <Text fontSize={compact ? 'xs' : 'sm'} color="fg.muted">
                {formatDuration(pkg.duration_minutes)}
                {!compact && pkg.description ? ` · ${pkg.description}` : ''}
              </Text>
            </Box>
            <Text fontWeight="700" {...(compact ? { fontSize: 'sm' } : {})}>
              {formatPrice(pkg.price_cents)}
            </Text>
          </Flex>
        );
      })}
    </Stack>
  );
}
