// The phone's bottom tab bar (the storefront's SPEC 2.7 navigation, the artist portal's tabs):
// icons with a label, the current one in the brand colour, an unread badge where one is given.
import { Box, Flex, Text } from '@chakra-ui/react';
import type { ReactElement, ReactNode } from 'react';
import { Link } from 'react-router';
import { UnreadBadge } from './UnreadBadge.tsx';

export interface TabBarItem {
  label: string;
  icon: ReactNode;
  /** A link; without one the item is a button (onClick). */
  to?: string;
  /** A page another app serves: a full page load. */
  reloadDocument?: boolean;
  onClick?: () => void;
  active?: boolean;
  /** The unread badge's text, or null for none. */
  badge?: string | null;
  /** A button that opens a menu or a sheet: which, and whether it is open. */
  popup?: 'menu' | 'dialog';
  expanded?: boolean;
  onPointerEnter?: () => void;
  /** Puts a button item inside what it opens (a menu's trigger, say). */
  wrap?: (button: ReactElement) => ReactNode;
}

const itemStyle = {
  flex: '1',
  direction: 'column' as const,
  align: 'center',
  justify: 'center',
  gap: '0.5',
  py: '2',
  fontSize: '2xs',
  fontWeight: '600',
  position: 'relative' as const,
  minH: '14',
};

export function TabBar({ label, items, testId }: { label: string; items: readonly TabBarItem[]; testId?: string }) {
  return (
    <Box
      as="nav"
      aria-label={label}
      data-testid={testId}
      position="fixed"
      bottom="0"
      insetX="0"
      zIndex="sticky"
      bg="rgba(255, 255, 255, 0.96)"
      backdropFilter="blur(12px)"
      borderTopWidth="1px"
      boxShadow="0 -6px 24px -16px rgba(37, 29, 42, 0.35)"
      pb="env(safe-area-inset-bottom)"
    >
      <Flex maxW="lg" mx="auto">
        {items.map((item) => {
          const content = (
            <>
              <Box position="relative" display="inline-flex">
                {item.icon}
                {item.badge !== undefined && <UnreadBadge text={item.badge} />}
              </Box>
              <Text as="span">{item.label}</Text>
            </>
          );
          const color = item.active || item.expanded ? 'brand.700' : 'fg.muted';
          return item.to ? (
            <Flex key={item.label} asChild {...itemStyle} color={color}>
              <Link to={item.to} reloadDocument={item.reloadDocument} aria-current={item.active ? 'page' : undefined}>
                {content}
              </Link>
            </Flex>
          ) : (
            <ItemButton key={item.label} item={item} color={color}>
              {content}
            </ItemButton>
          );
        })}
      </Flex>
    </Box>
  );
}

function ItemButton({ item, color, children }: { item: TabBarItem; color: string; children: ReactNode }) {
  const button = (
    <Flex asChild {...itemStyle} color={color}>
      <button type="button" onClick={item.onClick} onPointerEnter={item.onPointerEnter} aria-haspopup={item.popup} aria-expanded={item.expanded}>
        {children}
      </button>
    </Flex>
  );
  return (
    <Box flex="1" display="flex">
      {item.wrap ? item.wrap(button) : button}
    </Box>
  );
}
