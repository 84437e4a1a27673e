import { Box } from '@chakra-ui/react';

/** SPEC 2.6 / 2.7 / 9: the unread-message count; '99+' above 99, nothing at 0. */
export function UnreadBadge({ text, placement = 'corner' }: { text: string | null; placement?: 'corner' | 'inline' }) {
  if (!text) return null;
  return (
    <Box
      as="span"
      data-testid="unread-badge"
      aria-label={`${text} ongelezen`}
      position={placement === 'corner' ? 'absolute' : 'static'}
      top={placement === 'corner' ? '-1' : undefined}
      right={placement === 'corner' ? '-1' : undefined}
      minW="5"
      h="5"
      px="1"
      rounded="full"
      bg="brand.600"
      color="white"
      fontSize="2xs"
      fontWeight="bold"
      display="inline-flex"
      alignItems="center"
      justifyContent="center"
      lineHeight="1"
      boxShadow="0 0 0 2px white"
    >
      {text}
    </Box>
  );
}
