// The top of an account menu (SPEC 2.6): who is signed in, the name and the e-mail under it.
import { Box, Text } from '@chakra-ui/react';

export function MenuAccountHeading({ name, email }: { name: string | null; email: string | null | undefined }) {
  return (
    <Box px="3" py="2" mb="1" borderBottomWidth="1px">
      <Text fontWeight="700" color="fg" data-testid="profile-menu-name">
        {name}
      </Text>
      {email && (
        <Text fontSize="sm" color="fg.muted" truncate>
          {email}
        </Text>
      )}
    </Box>
  );
}
