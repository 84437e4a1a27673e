// SPEC 4.7 / 9: the toast viewport over the shared toast store, in the storefront and the artist
// portal. One toast at a time (the store cuts the list), shown for 5 s, closable with its own
// control, swiped right 50px to dismiss; F8 (and Alt+T) moves focus to the notification area.
// At most 420px wide from md up. On a phone the viewport sits at the bottom, above the bottom
// navigation: at the top it covered what a message points to (a dialog's title and tabs).
import { Box, CloseButton, Stack, Text } from '@chakra-ui/react';
import { toastDisplayDurationMs, toastSwipeThresholdPx, toastViewportMaxWidthPx } from '../constants.ts';
import { useToasts, type Toast } from '../toast.ts';
import { useEffect, useRef, useState } from 'react';

export function Toaster() {
  const toasts = useToasts();
  const region = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'F8' || (event.altKey && event.code === 'KeyT')) {
        event.preventDefault();
        region.current?.focus();
      }
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, []);
  const open = toasts.filter((item) => item.open);
  return (
    <Box
      as="section"
      aria-label="Notifications (F8)"
      position="fixed"
      zIndex="toast"
      bottom={{ base: 'calc(3.75rem + env(safe-area-inset-bottom))', md: '0' }}
      right="0"
      w="full"
      maxW={{ md: `${toastViewportMaxWidthPx}px` }}
      p="4"
      pointerEvents="none"
    >
      <Stack as="ol" ref={region} tabIndex={-1} gap="2" listStyleType="none" m="0" p="0" outline="none">
        {open.map((item) => (
          <ToastItem key={item.id} toast={item} />
        ))}
      </Stack>
    </Box>
  );
}

function ToastItem({ toast }: { toast: Toast }) {
  const [dragX, setDragX] = useState(0);
  const start = useRef<number | null>(null);
  const destructive = toast.variant === 'destructive';
  useEffect(() => {
    const timer = setTimeout(() => toast.onOpenChange(false), toastDisplayDurationMs);
    return () => clearTimeout(timer);
  }, [toast]);
  return (
    <Box
      as="li"
      role={destructive ? 'alert' : 'status'}
      aria-live={destructive ? 'assertive' : 'polite'}
      data-testid="toast"
      data-variant={toast.variant}
      pointerEvents="auto"
      position="relative"
      rounded="xl"
      px="4"
      py="3"
      pe="10"
      boxShadow="0 18px 40px -18px rgba(37, 29, 42, 0.45)"
      borderWidth="1px"
      bg={destructive ? '#9f1d1d' : 'white'}
      color={destructive ? 'white' : 'fg'}
      borderColor={destructive ? '#9f1d1d' : 'border'}
      style={{ transform: `translateX(${dragX}px)`, opacity: dragX > 0 ? Math.max(0.3, 1 - dragX / 200) : 1 }}
      transition={dragX === 0 ? 'transform 150ms' : undefined}
      onPointerDown={(event) => {
        start.current = event.clientX;
      }}
      onPointerMove={(event) => {
        if (start.current !== null) setDragX(Math.max(0, event.clientX - start.current));
      }}
      onPointerUp={() => {
        if (dragX >= toastSwipeThresholdPx) toast.onOpenChange(false);
        start.current = null;
        setDragX(0);
      }}
      onPointerCancel={() => {
        start.current = null;
        setDragX(0);
      }}
    >
      {toast.title && (
        <Text fontWeight="700" data-testid="toast-title">
          {toast.title}
        </Text>
      )}
      {toast.description && (
        <Text fontSize="sm" opacity={0.9} data-testid="toast-description">
          {toast.description}
        </Text>
      )}
      <CloseButton size="xs" position="absolute" top="2" right="2" color="inherit" aria-label="Melding sluiten" onClick={() => toast.onOpenChange(false)} />
    </Box>
  );
}
