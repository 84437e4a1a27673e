// SPEC 2.8: 'Contact informatie' with the phone number, the e-mail address and 'Meer informatie' (to /contact).
import { popoverRecipe } from '@podium/shared/theme-recipes';
import { Button, HStack, IconButton, Link as ChakraLink, Popover, Portal, Stack, Text } from '@chakra-ui/react';
import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { telHref } from '@podium/shared/site-links';
import { site } from '../site.ts';
import { MailIcon, PhoneIcon } from '@podium/shared/ui/icons';

export default function ContactPanel({ onOpenChange }: { onOpenChange?: (open: boolean) => void }) {
  const navigate = useNavigate();
  // Opened by the first tap; an open panel keeps its button in place while the page scrolls.
  useEffect(() => onOpenChange?.(true), [onOpenChange]);
  return (
    <Popover.Root recipe={popoverRecipe} defaultOpen onOpenChange={(details) => onOpenChange?.(details.open)} positioning={{ placement: 'top-end', gutter: 12 }}>
      <Popover.Trigger asChild>
        <IconButton aria-label="Contact informatie" rounded="full" size="xl" colorPalette="brand" boxShadow="0 12px 28px -10px rgba(194, 71, 26, 0.65)">
          <PhoneIcon size={22} />
        </IconButton>
      </Popover.Trigger>
      <Portal>
        <Popover.Positioner>
          <Popover.Content rounded="xl" w="72" data-testid="contact-panel">
            <Popover.Arrow>
              <Popover.ArrowTip />
            </Popover.Arrow>
            <Popover.Body>
              <Popover.Title fontWeight="800" fontSize="lg" mb="3">
                Contact informatie
              </Popover.Title>
              <Stack gap="3">
                <HStack gap="3">
                  <PhoneIcon size={18} />
                  <ChakraLink href={telHref(site.phone)} fontWeight="600">
                    {site.phone}
                  </ChakraLink>
                </HStack>
                <HStack gap="3">
                  <MailIcon size={18} />
                  <ChakraLink href={`mailto:${site.email}`} fontWeight="600">
                    {site.email}
                  </ChakraLink>
                </HStack>
                <Text fontSize="sm" color="fg.muted">
                  We helpen je graag bij het vinden van de perfecte artiest.
                </Text>
                <Button colorPalette="brand" rounded="full" onClick={() => void navigate('/contact')}>
                  Meer informatie
                </Button>
              </Stack>
            </Popover.Body>
          </Popover.Content>
        </Popover.Positioner>
      </Portal>
    </Popover.Root>
  );
}
