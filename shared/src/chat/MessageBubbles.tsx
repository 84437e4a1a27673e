// The rows of a thread: a day's heading, a stored message, one still being sent (or failed, with
// 'Opnieuw'). Memoised: a stored message is the same object in the cache until it changes (react-
// query shares what a refresh did not change), so a new message renders its own row and no other.
import { Box, Button, HStack, Stack, Text } from '@chakra-ui/react';
import { dutchClock } from '../dutch.ts';
import { memo } from 'react';
import type { ChatMessage } from './chat-data.ts';
import { dayLabel } from './chat-format.ts';

export interface Outgoing {
  id: string;
  text: string;
  state: 'sending' | 'failed';
  problem?: string;
}

export const DayHeading = memo(function DayHeading({ day, now }: { day: string; now: Date }) {
  return (
    <Text textAlign="center" fontSize="xs" fontWeight="700" color="fg.muted" textTransform="uppercase" letterSpacing="wide" pt="1" pb="3">
      {dayLabel(day, now)}
    </Text>
  );
});

export const Bubble = memo(function Bubble({ message, own, read }: { message: ChatMessage; own: boolean; read: boolean }) {
  return (
    <Stack align={own ? 'flex-end' : 'flex-start'} gap="1" pb="2" data-testid={own ? 'own-message' : 'their-message'}>
      <Box
        maxW="80%"
        bg={own ? 'brand.600' : 'white'}
        color={own ? 'white' : 'fg'}
        borderWidth={own ? '0' : '1px'}
        px="3.5"
        py="2"
        rounded="2xl"
        roundedBottomRight={own ? 'md' : '2xl'}
        roundedBottomLeft={own ? '2xl' : 'md'}
        whiteSpace="pre-wrap"
        overflowWrap="anywhere"
      >
        {message.message_text}
      </Box>
      <Text fontSize="xs" color="fg.muted">
        {dutchClock(message.created_at)}
        {read ? ' · Gelezen' : ''}
      </Text>
      {message.masked && (
        <Text fontSize="xs" color="fg.muted" maxW="80%" textAlign={own ? 'end' : 'start'} data-testid="masked-note">
          Contactgegevens verborgen tot de boeking vaststaat.
        </Text>
      )}
    </Stack>
  );
});

export const PendingBubble = memo(function PendingBubble({ item, onRetry }: { item: Outgoing; onRetry: (item: Outgoing) => void }) {
  return (
    <Stack align="flex-end" gap="1" pb="2">
      <Box
        maxW="80%"
        bg={item.state === 'failed' ? 'red.50' : 'brand.600'}
        color={item.state === 'failed' ? 'red.800' : 'white'}
        borderWidth={item.state === 'failed' ? '1px' : '0'}
        borderColor="red.300"
        px="3.5"
        py="2"
        rounded="2xl"
        whiteSpace="pre-wrap"
        overflowWrap="anywhere"
        opacity={item.state === 'sending' ? 0.75 : 1}
        data-testid="pending-message"
      >
        {item.text}
      </Box>
      {item.state === 'sending' ? (
        <Text fontSize="xs" color="fg.muted">
          Versturen…
        </Text>
      ) : (
        <HStack gap="2">
          <Text fontSize="xs" color="red.700" role="alert">
            {item.problem ?? 'Niet verstuurd.'}
          </Text>
          <Button size="xs" variant="outline" rounded="full" onClick={() => onRetry(item)}>
            Opnieuw
          </Button>
        </HStack>
      )}
    </Stack>
  );
});
