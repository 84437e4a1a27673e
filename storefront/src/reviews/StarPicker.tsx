// Choosing 1 to 5 stars: a radio group, so arrow keys move the choice and only the chosen star
// (or the first, before a choice) is in the tab order.
import { Button, HStack, Text } from '@chakra-ui/react';
import { ratingLabels } from '@podium/shared/reviews';
import { useRef, type KeyboardEvent } from 'react';
import { StarIcon } from '@podium/shared/ui/icons';
import { starColor } from '../marketplace/artist-cards.ts';

export function StarPicker({
  value,
  onChange,
  labelledBy,
  describedBy,
  invalid,
  size = 30,
  field,
}: {
  value: number | null;
  onChange: (stars: number) => void;
  labelledBy: string;
  describedBy?: string;
  invalid: boolean;
  size?: number;
  /** Which draft field this picks (for focusing the first problem). */
  field: string;
}) {
  const buttons = useRef<(HTMLButtonElement | null)[]>([]);
  const onKeyDown = (event: KeyboardEvent) => {
    const step = event.key === 'ArrowRight' || event.key === 'ArrowUp' ? 1 : event.key === 'ArrowLeft' || event.key === 'ArrowDown' ? -1 : 0;
    if (!step) return;
    event.preventDefault();
    const next = Math.min(5, Math.max(1, (value ?? 0) + step));
    onChange(next);
    buttons.current[next - 1]?.focus();
  };
  const box = size >= 28 ? '11' : '10';
  return (
    <HStack role="radiogroup" aria-labelledby={labelledBy} aria-describedby={describedBy} aria-invalid={invalid || undefined} gap="0.5" onKeyDown={onKeyDown} data-field={field} flexWrap="wrap">
      {[1, 2, 3, 4, 5].map((stars) => (
        <Button
          key={stars}
          ref={(element) => {
            buttons.current[stars - 1] = element;
          }}
          role="radio"
          aria-checked={value === stars}
          aria-label={`${stars} ${stars === 1 ? 'ster' : 'sterren'}: ${ratingLabels[stars]}`}
          tabIndex={value === stars || (value === null && stars === 1) ? 0 : -1}
          variant="ghost"
          minW={box}
          h={box}
          px="0"
          color={value !== null && stars <= value ? starColor : 'ink.300'}
          onClick={() => onChange(stars)}
        >
          <StarIcon size={size} fill="currentColor" strokeWidth={0} />
        </Button>
      ))}
      <Text ml="2" color="fg.muted" fontSize="sm" aria-hidden="true" minW="20">
        {value ? ratingLabels[value] : ''}
      </Text>
    </HStack>
  );
}
