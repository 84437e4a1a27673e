// The conversation list of 'Berichten': the other side's name and photo, the last message, its
// time and the unread count, the open conversation marked. Each entry is memoised on its row of
// my_conversations, which react-query keeps as the same object while it does not change: a new
// message re-renders the one conversation it belongs to.
import { Box, HStack, Stack, Text } from '@chakra-ui/react';
import { imageUrl } from '../images.ts';
import { memo, useState } from 'react';
import { Link } from 'react-router';
import type { Conversation } from './chat-data.ts';
import { listTime } from './chat-format.ts';
import { useChatServices } from './chat-services.tsx';

export const Avatar = memo(function Avatar({ name, bucket, path, size }: { name: string; bucket: Conversation['other_photo_bucket']; path: string | null; size: number }) {
  const { storageUrl } = useChatServices();
  const src = imageUrl({ supabaseUrl: storageUrl, bucket, path, preset: 'thumbnail', device: 'mobile' });
  if (src) return <img src={src} alt="" width={size} height={size} style={{ width: size, height: size, borderRadius: '9999px', objectFit: 'cover', flexShrink: 0 }} />;
  return (
    <Box w={`${size}px`} h={`${size}px`} rounded="full" bg="brand.100" color="brand.800" display="grid" placeItems="center" fontWeight="700" flexShrink="0" aria-hidden="true">
      {name.slice(0, 1).toUpperCase()}
    </Box>
  );
});

export function ConversationList({ conversations, openId }: { conversations: Conversation[]; openId: string | null }) {
  const { messagesPath } = useChatServices();
  const [now] = useState(() => new Date());
  return (
    <Stack as="ul" gap="0">
      {conversations.map((conversation) => (
        <ConversationEntry key={conversation.id} conversation={conversation} current={conversation.id === openId} now={now} messagesPath={messagesPath} />
      ))}
    </Stack>
  );
}

const ConversationEntry = memo(function ConversationEntry({ conversation, current, now, messagesPath }: { conversation: Conversation; current: boolean; now: Date; messagesPath: string }) {
  return (
    <li>
      <Link to={`${messagesPath}?c=${conversation.id}`} aria-current={current ? 'page' : undefined} data-testid="conversation">
        <HStack gap="3" px="4" py="3" bg={current ? 'brand.50' : undefined} _hover={{ bg: current ? 'brand.50' : 'ink.50' }} borderBottomWidth="1px" align="center">
          <Avatar name={conversation.other_name} bucket={conversation.other_photo_bucket} path={conversation.other_photo_path} size={44} />
          <Stack gap="0" flex="1" minW="0">
            <HStack justify="space-between" gap="2">
              <Text fontWeight={conversation.unread > 0 ? '800' : '700'} lineClamp={1}>
                {conversation.other_name}
              </Text>
              <Text fontSize="xs" color="fg.muted" flexShrink="0">
                {listTime(conversation.last_message_at, now)}
              </Text>
            </HStack>
            <HStack justify="space-between" gap="2">
              <Text fontSize="sm" color={conversation.unread > 0 ? 'fg' : 'fg.muted'} lineClamp={1}>
                {conversation.last_message === null ? 'Nog geen berichten' : `${conversation.last_from_me ? 'Jij: ' : ''}${conversation.last_message}`}
              </Text>
              {conversation.unread > 0 && (
                <Box
                  as="span"
                  bg="brand.600"
                  color="white"
                  rounded="full"
                  fontSize="xs"
                  fontWeight="700"
                  minW="5"
                  h="5"
                  px="1.5"
                  display="grid"
                  placeItems="center"
                  flexShrink="0"
                  data-testid="conversation-unread"
                >
                  {conversation.unread > 99 ? '99+' : conversation.unread}
                  <Box as="span" srOnly>
                    {' '}
                    ongelezen
                  </Box>
                </Box>
              )}
            </HStack>
          </Stack>
        </HStack>
      </Link>
    </li>
  );
});
