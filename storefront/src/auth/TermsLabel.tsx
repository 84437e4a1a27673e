// The terms checkbox's label (SPEC 2.2: links to /terms and /privacy, each in a new tab), the same
// at sign-up and on /complete-profile.
import { Checkbox, Link as ChakraLink } from '@chakra-ui/react';

export function TermsLabel() {
  return (
    <Checkbox.Label fontWeight="normal" fontSize="sm">
      Ik ga akkoord met de{' '}
      <ChakraLink href="/terms" target="_blank" rel="noopener" color="brand.700" textDecoration="underline">
        algemene voorwaarden
      </ChakraLink>{' '}
      en het{' '}
      <ChakraLink href="/privacy" target="_blank" rel="noopener" color="brand.700" textDecoration="underline">
        privacybeleid
      </ChakraLink>
      .
    </Checkbox.Label>
  );
}
