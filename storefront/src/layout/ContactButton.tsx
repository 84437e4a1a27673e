// SPEC 2.8: the floating contact button; its panel 'Contact informatie' loads on first use.
import { Box, IconButton } from '@chakra-ui/react';
import { lazy, Suspense, useState } from 'react';
import { PhoneIcon } from './icons.tsx';
import { Tip } from './Tip.tsx';

const ContactPanel = lazy(() => import('./ContactPanel.tsx'));

export function ContactButton() {
  const [armed, setArmed] = useState(false);
  return (
    <Box position="fixed" right={{ base: '4', md: '6' }} bottom={{ base: '24', lg: '6' }} zIndex="docked" data-testid="contact-button">
      {armed ? (
        <Suspense fallback={<ContactTrigger />}>
          <ContactPanel />
        </Suspense>
      ) : (
        <Tip label="Contact" placement="left">
          <ContactTrigger onOpen={() => setArmed(true)} />
        </Tip>
      )}
    </Box>
  );
}

export function ContactTrigger({ onOpen, ...rest }: { onOpen?: () => void } & Record<string, unknown>) {
  return (
    <IconButton
      aria-label="Contact informatie"
      aria-haspopup="dialog"
      rounded="full"
      size="xl"
      colorPalette="brand"
      boxShadow="0 12px 28px -10px rgba(194, 71, 26, 0.65)"
      onClick={onOpen}
      onPointerEnter={() => void import('./ContactPanel.tsx')}
      {...rest}
    >
      <PhoneIcon size={22} />
    </IconButton>
  );
}
