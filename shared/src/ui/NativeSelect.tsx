// The browser's own select, dressed like Podium's inputs: on a phone it opens the system picker.
import { Box } from '@chakra-ui/react';
import type { ReactNode } from 'react';

export function NativeSelect({
  id,
  value,
  onChange,
  children,
  disabled,
  label,
}: {
  id?: string;
  value: string;
  onChange: (value: string) => void;
  children: ReactNode;
  disabled?: boolean;
  label?: string;
}) {
  return (
    <Box
      asChild
      w="full"
      h="10"
      px="3"
      rounded="lg"
      borderWidth="1px"
      bg="white"
      fontSize="md"
      cursor="pointer"
      _disabled={{ opacity: 0.5, cursor: 'not-allowed' }}
      _focusVisible={{ outline: '2px solid', outlineColor: 'brand.600', outlineOffset: '1px' }}
    >
      <select id={id} value={value} disabled={disabled} aria-label={label} onChange={(event) => onChange(event.target.value)}>
        {children}
      </select>
    </Box>
  );
}
