// A booking's status as a badge in its colour (shared/src/booking-status.ts), the same in the
// storefront and the artist portal; the back office (MUI) has its own chip from the same names
// and colours.
import { Badge, type BadgeProps } from '@chakra-ui/react';
import { bookingStatusLabel, bookingStatusPalettes, isBookingStatus } from '../booking-status.ts';

export function BookingStatusBadge({ status, ...props }: { status: string } & Omit<BadgeProps, 'colorPalette' | 'children'>) {
  return (
    <Badge colorPalette={isBookingStatus(status) ? bookingStatusPalettes[status] : 'gray'} data-testid="booking-status" {...props}>
      {bookingStatusLabel(status)}
    </Badge>
  );
}
