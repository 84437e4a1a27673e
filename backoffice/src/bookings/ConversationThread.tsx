// The conversation between a booking's customer and its act, read only (the booking's and a
// case's screens): the customer's messages on the left, the act's on the right.
import { dutchShortDateTime } from '@podium/shared/dutch';
import { Box, Stack, Typography } from '@mui/material';
import type { ConversationMessage } from '../providers/dataProvider.ts';

const when = dutchShortDateTime;

export function ConversationThread({ messages, customerId }: { messages: ConversationMessage[] | undefined; customerId: string }) {
  if (!messages) return <Typography>Laden…</Typography>;
  if (messages.length === 0) return <Typography>Klant en artiest hebben nog geen berichten gestuurd.</Typography>;
  return (
    <Stack spacing={1} aria-label="Gesprek">
      {messages.map((message) => {
        const fromCustomer = message.sender_id === customerId;
        return (
          <Box
            key={message.id}
            sx={{
              alignSelf: fromCustomer ? 'flex-start' : 'flex-end',
              maxWidth: '85%',
              bgcolor: fromCustomer ? 'grey.100' : 'primary.50',
              border: 1,
              borderColor: 'divider',
              borderRadius: 2,
              p: 1,
            }}
          >
            <Typography variant="caption" color="text.secondary">
              {message.sender_name} ({fromCustomer ? 'klant' : 'artiest'}) · {when(message.created_at)}
            </Typography>
            <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
              {message.message_text}
            </Typography>
          </Box>
        );
      })}
    </Stack>
  );
}
