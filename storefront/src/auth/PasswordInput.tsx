import { Box, IconButton, Input, type InputProps } from '@chakra-ui/react';
import { useState } from 'react';
import { EyeIcon, EyeOffIcon } from '@podium/shared/ui/icons';

/** A password field with show/hide (SPEC 2.4, 2.5). */
export function PasswordInput(props: InputProps) {
  const [visible, setVisible] = useState(false);
  return (
    <Box position="relative" w="full">
      <Input {...props} type={visible ? 'text' : 'password'} pe="12" />
      <IconButton
        type="button"
        variant="ghost"
        size="sm"
        position="absolute"
        top="50%"
        right="1"
        transform="translateY(-50%)"
        aria-label={visible ? 'Wachtwoord verbergen' : 'Wachtwoord tonen'}
        aria-pressed={visible}
        onClick={() => setVisible((shown) => !shown)}
      >
        {visible ? <EyeOffIcon size={18} /> : <EyeIcon size={18} />}
      </IconButton>
    </Box>
  );
}
