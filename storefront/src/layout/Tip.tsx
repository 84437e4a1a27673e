// SPEC 9: tooltips open after 700 ms, 4px from their trigger. A small one of our own: it costs
// the first page load nothing, follows hover and keyboard focus, and closes on Escape.
import { Box } from '@chakra-ui/react';
import { tooltipOpenDelayMs, tooltipSideOffsetPx } from '@podium/shared/constants';
import { cloneElement, useEffect, useId, useState, type ReactElement } from 'react';

type TriggerProps = {
  'aria-describedby'?: string;
  onPointerEnter?: (event: React.PointerEvent) => void;
  onPointerLeave?: (event: React.PointerEvent) => void;
  onFocus?: (event: React.FocusEvent) => void;
  onBlur?: (event: React.FocusEvent) => void;
};

export function Tip({ label, children, placement = 'top' }: { label: string; children: ReactElement<TriggerProps>; placement?: 'top' | 'bottom' | 'left' }) {
  const id = useId();
  const [hovered, setHovered] = useState(false);
  const [open, setOpen] = useState(false);
  const show = () => setHovered(true);
  const hide = () => {
    setHovered(false);
    setOpen(false);
  };
  useEffect(() => {
    if (!hovered) return;
    const timer = setTimeout(() => setOpen(true), tooltipOpenDelayMs);
    return () => clearTimeout(timer);
  }, [hovered]);
  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') hide();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [open]);
  const offset = `calc(100% + ${tooltipSideOffsetPx}px)`;
  const position =
    placement === 'top'
      ? { bottom: offset, left: '50%', transform: 'translateX(-50%)' }
      : placement === 'bottom'
        ? { top: offset, left: '50%', transform: 'translateX(-50%)' }
        : { right: offset, top: '50%', transform: 'translateY(-50%)' };
  return (
    <Box position="relative" display="inline-flex">
      {cloneElement(children, {
        'aria-describedby': open ? id : undefined,
        onPointerEnter: show,
        onPointerLeave: hide,
        onFocus: show,
        onBlur: hide,
      })}
      {open && (
        <Box
          id={id}
          role="tooltip"
          position="absolute"
          {...position}
          zIndex="tooltip"
          bg="ink.900"
          color="white"
          fontSize="xs"
          fontWeight="medium"
          px="2"
          py="1"
          rounded="md"
          whiteSpace="nowrap"
          pointerEvents="none"
          boxShadow="md"
        >
          {label}
        </Box>
      )}
    </Box>
  );
}
