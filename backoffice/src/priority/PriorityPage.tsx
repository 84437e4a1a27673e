// /admin/priority: the ranking behind "recommended" sorting and the hero categories. Drag the
// approved artists of a category into order (or use the arrow buttons) and save. The top 500 of
// a category are shown; saving keeps them above the rest.
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

function RankedArtist({ artist, position, count, onMove }: { artist: RaRecord; position: number; count: number; onMove: (from: number, to: number) => void }) {
  const { attributes, listeners, setNodeRef, transform, transition, isDragging } = useSortable({ id: String(artist.id) });
  return (
    <ListItem
      ref={setNodeRef}
      data-testid="ranked-artist"
      style={{ transform: CSS.Transform.toString(transform), transition }}
      sx={{ bgcolor: isDragging ? 'action.selected' : 'background.paper', borderBottom: 1, borderColor: 'divider' }}
      secondaryAction={
        <>
          <IconButton aria-label={`${artist.name} omhoog`} disabled={position === 0} onClick={() => onMove(position, position - 1)}><ArrowUpwardIcon /></IconButton>
          <IconButton aria-label={`${artist.name} omlaag`} disabled={position === count - 1} onClick={() => onMove(position, position + 1)}><ArrowDownwardIcon /></IconButton>
        </>
      }
    >
      <IconButton {...attributes} {...listeners} aria-label={`Versleep ${artist.name}`} sx={{ cursor: 'grab', mr: 1 }} size="small">
        <DragIndicatorIcon />
      </IconButton>
      <Typography sx={{ width: 32, color: 'text.secondary' }}>{position + 1}.</Typography>
      <ListItemText primary={artist.name} secondary={[artist.genre, artist.city, `prioriteit ${artist.priority}`].filter(Boolean).join(' · ')} />
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
      await dataProvider.reorderArtists(order.map((a) => a.id), category || undefined);
      notify('Volgorde opgeslagen', { type: 'success' });
      await refetch();
    } catch (error) {
      notify((error as Error).message, { type: 'error' });
    } finally {
      setSaving(false);
    }
  };

  return (
    <Card sx={{ mt: 2 }}>
      <Title title="Prioriteit" />
      <CardContent>
        <Typography variant="h5" component="h1" gutterBottom>Prioriteit</Typography>
        <Typography color="text.secondary" gutterBottom>
          Bovenaan staat eerst bij &lsquo;Aanbevolen&rsquo; en in de categorieën op de homepage. Sleep artiesten in de juiste volgorde en sla op.
        </Typography>
        <Tabs value={category} onChange={(_, value: string) => setCategory(value)} variant="scrollable" sx={{ mb: 2 }}>
          {TABS.map((tab) => <Tab key={tab.id} value={tab.id} label={tab.label} />)}
        </Tabs>
        {!isPending && order.length === 0 && <Alert severity="info">Geen goedgekeurde artiesten in deze categorie.</Alert>}
        <DndContext sensors={sensors} collisionDetection={closestCenter} onDragEnd={onDragEnd}>
          <SortableContext items={order.map((a) => String(a.id))} strategy={verticalListSortingStrategy}>
            <MuiList dense aria-label="Volgorde van artiesten">
              {order.map((artist, position) => <RankedArtist key={artist.id} artist={artist} position={position} count={order.length} onMove={move} />)}
            </MuiList>
          </SortableContext>
        </DndContext>
        <Box sx={{ display: 'flex', gap: 1, mt: 2 }}>
          <Button variant="contained" disabled={!dirty || saving} onClick={() => void save()}>Volgorde opslaan</Button>
          <Button disabled={!dirty || saving} onClick={() => setEdit(null)}>Herstellen</Button>
        </Box>
      </CardContent>
    </Card>
  );
}
