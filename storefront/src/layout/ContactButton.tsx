// SPEC 2.8: the floating contact button; its panel 'Contact informatie' loads on first use. It
// keeps clear of what it floats over (contact-button-view.ts): never over the footer or a control,
// and on a phone out of the way while the reader scrolls down.
import { Box, IconButton } from '@chakra-ui/react';
import { lazy, Suspense, useEffect, useRef, useState, type RefObject } from 'react';
import { contactButtonShown, initialContactButtonView, nextContactButtonView } from './contact-button-view.ts';
import { PhoneIcon } from '@podium/shared/ui/icons';
import { Tip } from './Tip.tsx';

const ContactPanel = lazy(() => import('./ContactPanel.tsx'));

export function ContactButton() {
  const [armed, setArmed] = useState(false);
  const [panelOpen, setPanelOpen] = useState(false);
  const container = useRef<HTMLDivElement>(null);
  const shown = useContactButtonShown(container) || panelOpen;
  return (
    <Box
      ref={container}
      position="fixed"
      right={{ base: '4', md: '6' }}
      bottom={{ base: '24', lg: '6' }}
      zIndex="docked"
      data-testid="contact-button"
      data-shown={shown}
      opacity={shown ? 1 : 0}
      visibility={shown ? 'visible' : 'hidden'}
      transition="opacity 150ms, visibility 150ms"
      _motionReduce={{ transition: 'none' }}
    >
      {armed ? (
        <Suspense fallback={<ContactTrigger />}>
          <ContactPanel onOpenChange={setPanelOpen} />
        </Suspense>
      ) : (
        <Tip label="Contact" placement="left">
          <ContactTrigger onOpen={() => setArmed(true)} />
        </Tip>
      )}
    </Box>
  );
}

/** What the button must not cover: controls, and parts that ask for it (a bar of actions at the bottom). */
const controls = 'button, input, select, textarea, [role="button"], [role="tab"], [data-keep-clear]';

/** Whether a control lies under the button: hit-tested at its middle and near its corners. */
function overControl(button: HTMLElement): boolean {
  const box = button.getBoundingClientRect();
  return [0.5, 0.2, 0.8].some((fx) =>
    [0.5, 0.2, 0.8].some((fy) => {
      const under = document.elementsFromPoint(box.left + box.width * fx, box.top + box.height * fy).find((element) => !button.contains(element));
      return Boolean(under?.closest(controls));
    }),
  );
}

/** Follows the scroll position, the footer and what lies under the button, once a frame at most. */
function useContactButtonShown(container: RefObject<HTMLDivElement | null>): boolean {
  const [view, setView] = useState(initialContactButtonView);
  const [footerInView, setFooterInView] = useState(false);
  const [underControl, setUnderControl] = useState(false);
  useEffect(() => {
    let frame = 0;
    const update = () => {
      frame = 0;
      setView((current) => nextContactButtonView(current, { y: window.scrollY, viewportWidth: window.innerWidth }));
      if (container.current) setUnderControl(overControl(container.current));
    };
    const schedule = () => {
      if (!frame) frame = requestAnimationFrame(update);
    };
    update();
    // The footer comes into view by scrolling and by the page above it changing height.
    const footer = document.querySelector('footer');
    const watcher = new IntersectionObserver(([entry]) => setFooterInView(Boolean(entry?.isIntersecting)));
    if (footer) watcher.observe(footer);
    const layout = new ResizeObserver(schedule);
    layout.observe(document.body);
    // A bar that appears fixed at the bottom (the compare bar, a sheet) changes no size: any
    // change of the page is looked at again, at most once a frame.
    const changes = new MutationObserver(schedule);
    changes.observe(document.body, { childList: true, subtree: true });
    window.addEventListener('scroll', schedule, { passive: true });
    window.addEventListener('resize', schedule);
    return () => {
      cancelAnimationFrame(frame);
      watcher.disconnect();
      layout.disconnect();
      changes.disconnect();
      window.removeEventListener('scroll', schedule);
      window.removeEventListener('resize', schedule);
    };
  }, [container]);
  return contactButtonShown(view, { footerInView, overControl: underControl });
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
