// /admin/priority: the ranking behind "recommended" sorting and the hero categories. Drag the
// approved artists of a category into order (or use the arrow buttons) and save. The top 500 of
// a category are shown; saving keeps them above the rest. The save bar stays in view above the
// long list, and each place number follows a move at once (a moved act says where it was).
import { useState } from 'react';
import { Alert, Box, Button, Card, CardContent, IconButton, List as MuiList, ListItem, ListItemText, Tab, Tabs, Typography } from '@mui/material';
import DragIndicatorIcon from '@mui/icons-material/DragIndicator';
import ArrowUpwardIcon from '@mui/icons-material/ArrowUpward';
import ArrowDownwardIcon from '@mui/icons-material/ArrowDownward';
import { DndContext, KeyboardSensor, PointerSensor, closestCenter, useSensor, useSensors, type DragEndEvent } from '@dnd-kit/core';
import { SortableContext, arrayMove, sortableKeyboardCoordinates, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { Title, useDataProvider, useGetList, useNotify, type RaRecord } from 'react-admin';
import { heroCategories } from '@podium/shared/constants';
import { categoryLabels } from '../labels.ts';
import type { BackOfficeDataProvider } from '../providers/dataProvider.ts';

const TABS: { id: string; label: string }[] = [{ id: '', label: 'Alle artiesten' }, ...heroCategories.map((id) => ({ id, label: categoryLabels[id] }))];

/** Each moved artist's place (1-based) in the saved order, by id: what a row says it was. */
export function formerPlaces(saved: readonly RaRecord[], order: readonly RaRecord[]): Map<string, number> {
  const before = new Map(saved.map((artist, index) => [String(artist.id), index + 1]));
  const moved = new Map<string, number>();
  order.forEach((artist, index) => {
    const place = before.get(String(artist.id));
    if (place !== undefined && place !== index + 1) moved.set(String(artist.id), place);
  });
  return moved;
}

function RankedArtist({ artist, position, count, was, onMove }: { artist: RaRecord; position: number; count: number; was: number | undefined; onMove: (from: number, to: number) => void }) {
  const { attributes, listeners, setNodeRef, transform, transition, isDragging } = useSortable({ id: String(artist.id) });
  return (
    <ListItem
      ref={setNodeRef}
      data-testid="ranked-artist"
      style={{ transform: CSS.Transform.toString(transform), transition }}
      // Room for both arrow buttons, so a long genre never runs under them.
      sx={{ bgcolor: isDragging ? 'action.selected' : 'background.paper', borderBottom: 1, borderColor: 'divider', '&&': { pr: 12 } }}
      secondaryAction={
        <>
          <IconButton aria-label={`${artist.name} omhoog`} disabled={position === 0} onClick={() => onMove(position, position - 1)}>
            <ArrowUpwardIcon />
          </IconButton>
          <IconButton aria-label={`${artist.name} omlaag`} disabled={position === count - 1} onClick={() => onMove(position, position + 1)}>
            <ArrowDownwardIcon />
          </IconButton>
        </>
      }
    >
      <IconButton {...attributes} {...listeners} aria-label={`Versleep ${artist.name}`} sx={{ cursor: 'grab', mr: 1 }} size="small">
        <DragIndicatorIcon />
      </IconButton>
      <Typography sx={{ width: 40, color: 'text.secondary', fontVariantNumeric: 'tabular-nums' }}>{position + 1}.</Typography>
      {/* The stored priority is left out: saving rewrites it from the order, so it would go stale on a move. */}
      <ListItemText primary={artist.name} secondary={[artist.genre, artist.city, was !== undefined ? `was ${was}` : null].filter(Boolean).join(' · ')} />
    </ListItem>
  );
}

export function PriorityPage() {
  const [category, setCategory] = useState('');
  const dataProvider = useDataProvider<BackOfficeDataProvider>();
  const notify = useNotify();
  const { data, isPending, refetch } = useGetList('priority', {
    filter: category ? { category } : {},
    // The storefront's "recommended" order (search_artists): priority, then rating.
    sort: { field: 'priority', order: 'DESC' },
    pagination: { page: 1, perPage: 500 },
  });
  // The admin's unsaved order, valid for the list it was made from; new data starts afresh.
  const [edit, setEdit] = useState<{ from: RaRecord[] | undefined; order: RaRecord[] } | null>(null);
  const order = edit && edit.from === data ? edit.order : (data ?? []);
  const setOrder = (update: (current: RaRecord[]) => RaRecord[]) => setEdit({ from: data, order: update(order) });
  const [saving, setSaving] = useState(false);
  const dirty = order.map((a) => a.id).join() !== (data ?? []).map((a) => a.id).join();
  const moved = formerPlaces(data ?? [], order);
  const sensors = useSensors(useSensor(PointerSensor, { activationConstraint: { distance: 4 } }), useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }));

  const move = (from: number, to: number) => setOrder((current) => arrayMove(current, from, to));
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    const from = order.findIndex((a) => String(a.id) === active.id);
    const to = order.findIndex((a) => String(a.id) === over.id);
    if (from >= 0 && to >= 0) move(from, to);
  };
  const save = async () => {
    setSaving(true);
    try {
      await dataProvider.reorderArtists(
        order.map((a) => a.id),
        category || undefined,
      );
      notify('Volgorde opgeslagen', { type: 'success' });
      await refetch();
    } catch (error) {
      notify((error as Error).message, { type: 'error' });
    } finally {
      setSaving(false);
    }
  };

  return (
    // A card clips what overflows it, which would keep the save bar from sticking.
    <Card sx={{ mt: 2, overflow: 'visible' }}>
      <Title title="Prioriteit" />
      <CardContent>
        <Typography variant="h5" component="h1" gutterBottom>
          Prioriteit
        </Typography>
        <Typography color="text.secondary" gutterBottom>
          Bovenaan staat eerst bij &lsquo;Aanbevolen&rsquo; en in de categorieën op de homepage. Sleep artiesten in de juiste volgorde en sla op.
        </Typography>
        {/* Zero width of its own, the full width of the card: the tabs scroll instead of widening the page on a phone. */}
        <Box sx={{ width: 0, minWidth: '100%' }}>
          <Tabs value={category} onChange={(_, value: string) => setCategory(value)} variant="scrollable" sx={{ mb: 2 }}>
            {TABS.map((tab) => (
              <Tab key={tab.id} value={tab.id} label={tab.label} />
            ))}
          </Tabs>
        </Box>
        <Box
          data-testid="priority-save-bar"
          sx={{
            position: 'sticky',
            top: 0,
            zIndex: 2,
            display: 'flex',
            flexWrap: 'wrap',
            alignItems: 'center',
            gap: 1,
            py: 1.5,
            mb: 1,
            bgcolor: 'background.paper',
            borderBottom: 1,
            borderColor: 'divider',
          }}
        >
          <Button variant="contained" disabled={!dirty || saving} onClick={() => void save()}>
            Volgorde opslaan
          </Button>
          <Button disabled={!dirty || saving} onClick={() => setEdit(null)}>
            Herstellen
          </Button>
          <Typography variant="body2" color="text.secondary" role="status">
            {moved.size === 0 ? '' : moved.size === 1 ? '1 artiest verplaatst, nog niet opgeslagen' : `${moved.size} artiesten verplaatst, nog niet opgeslagen`}
          </Typography>
        </Box>
        {!isPending && order.length === 0 && <Alert severity="info">Geen goedgekeurde artiesten in deze categorie.</Alert>}
        <DndContext sensors={sensors} collisionDetection={closestCenter} onDragEnd={onDragEnd}>
          <SortableContext items={order.map((a) => String(a.id))} strategy={verticalListSortingStrategy}>
            <MuiList dense aria-label="Volgorde van artiesten">
              {order.map((artist, position) => (
                <RankedArtist key={artist.id} artist={artist} position={position} count={order.length} was={moved.get(String(artist.id))} onMove={move} />
              ))}
            </MuiList>
          </SortableContext>
        </DndContext>
      </CardContent>
    </Card>
  );
}
