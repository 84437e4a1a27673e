// The filters on a phone: a bottom sheet that edits a draft; its button shows how many
// artists the draft finds and applies it. The count follows every change (typing after a short
// pause, choices at once) and is only shown for the very draft the button applies
// (filter-sheet-count.ts). Loaded when first opened.
import { Button, CloseButton, Drawer, Portal } from '@chakra-ui/react';
import { drawerRecipe } from '@podium/shared/theme-recipes';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { artistSearchQuery } from '../data/discovery.ts';
import { publicQueryOptions } from '../data/public-query.ts';
import { activeNarrowingFilters, withFilters, withoutFilter, type ArtistFilters } from './artist-filters.ts';
import { applyButtonText, countDelayMs } from './filter-sheet-count.ts';
import { FilterPanel } from './FilterPanel.tsx';

export default function FilterSheet({ open, filters, onClose, onApply }: { open: boolean; filters: ArtistFilters; onClose: () => void; onApply: (filters: ArtistFilters) => void }) {
  // Mounted on opening: the draft starts from the filters in the address.
  const [draft, setDraft] = useState(filters);
  // The filters last sent for counting: a choice at once, typing after a short pause.
  const [counted, setCounted] = useState(filters);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const change = (next: ArtistFilters, delayMs: number) => {
    setDraft(next);
    clearTimeout(timer.current);
    if (delayMs === 0) setCounted(next);
    else timer.current = setTimeout(() => setCounted(next), delayMs);
  };
  const count = useQuery({ ...publicQueryOptions(artistSearchQuery({ ...counted, page: 1 })), enabled: open, placeholderData: keepPreviousData });
  const label = applyButtonText(draft, { counted, result: count.data && !count.isPlaceholderData ? count.data : null });
  return (
    <Drawer.Root recipe={drawerRecipe} open={open} onOpenChange={(event) => !event.open && onClose()} placement="bottom">
      <Portal>
        <Drawer.Backdrop />
        <Drawer.Positioner>
          <Drawer.Content roundedTop="2xl" maxH="90dvh" data-testid="filter-sheet">
            <Drawer.Header borderBottomWidth="1px" pb="3" display="flex" justifyContent="space-between" alignItems="center">
              <Drawer.Title>Filters</Drawer.Title>
              <Drawer.CloseTrigger asChild position="static">
                <CloseButton size="sm" aria-label="Filters sluiten" />
              </Drawer.CloseTrigger>
            </Drawer.Header>
            <Drawer.Body py="4" overflowY="auto">
              <FilterPanel live filters={draft} onChange={(filterChange) => change(withFilters(draft, filterChange), countDelayMs(filterChange))} />
            </Drawer.Body>
            <Drawer.Footer borderTopWidth="1px" gap="3" pb="calc(env(safe-area-inset-bottom) + 12px)">
              <Button variant="ghost" disabled={activeNarrowingFilters(draft).length === 0} onClick={() => change(activeNarrowingFilters(draft).reduce(withoutFilter, draft), 0)}>
                Wissen
              </Button>
              <Button colorPalette="brand" flex="1" rounded="full" onClick={() => onApply(draft)} data-testid="apply-filters">
                {label}
              </Button>
            </Drawer.Footer>
          </Drawer.Content>
        </Drawer.Positioner>
      </Portal>
    </Drawer.Root>
  );
}
