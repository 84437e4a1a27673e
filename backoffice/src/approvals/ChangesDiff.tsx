// An approved act's changes side by side with what customers see now: each changed field (name,
// bio, website, cover photo) as 'Nu online' and 'Voorgesteld', and the new photos and links.
import { Box, Chip, Stack, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import type { RaRecord } from 'react-admin';

const labels: Record<string, string> = { name: 'Naam', bio: 'Beschrijving', website_url: 'Website', cover_path: 'Omslagfoto' };

export function ChangesDiff({ record, newMedia, image }: { record: RaRecord; newMedia: RaRecord[]; image: (path: string, size: number) => string }) {
  const changes = (record.pending_changes ?? {}) as Record<string, string | null>;
  const fields = Object.keys(labels).filter((field) => field in changes);
  const show = (field: string, value: string | null) => {
    if (value === null || value === '') return <Typography color="text.secondary">(leeg)</Typography>;
    if (field === 'cover_path') return <Box component="img" src={image(value, 160)} alt={`${labels[field]}`} sx={{ width: 160, height: 160, borderRadius: 1, objectFit: 'cover' }} />;
    return <Typography sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{value}</Typography>;
  };
  return (
    <Box sx={{ mb: 2, p: 2, borderRadius: 2, bgcolor: 'warning.50', border: 1, borderColor: 'warning.light' }} data-testid="changes-diff">
      <Typography variant="subtitle1" sx={{ fontWeight: 700 }}>
        Wijzigingen ter beoordeling
      </Typography>
      <Typography variant="body2" color="text.secondary" gutterBottom>
        Het profiel staat online zoals het nu is. Goedkeuren zet de voorgestelde versie online; afwijzen laat het profiel zoals het is.
      </Typography>
      {fields.length > 0 && (
        <Table size="small" aria-label="Voorgestelde wijzigingen">
          <TableHead>
            <TableRow>
              <TableCell>Veld</TableCell>
              <TableCell>Nu online</TableCell>
              <TableCell>Voorgesteld</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {fields.map((field) => (
              <TableRow key={field} sx={{ verticalAlign: 'top' }}>
                <TableCell component="th" scope="row">{labels[field]}</TableCell>
                <TableCell sx={{ width: '42%' }}>{show(field, (record[field] as string | null) ?? null)}</TableCell>
                <TableCell sx={{ width: '42%' }}>{show(field, changes[field] ?? null)}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
      {newMedia.length > 0 && (
        <Box sx={{ mt: 2 }}>
          <Typography variant="subtitle2">Nieuwe foto's en links</Typography>
          <Stack direction="row" spacing={1} sx={{ mt: 1, flexWrap: 'wrap', alignItems: 'center' }}>
            {newMedia.map((item) =>
              item.storage_path ? (
                <Box key={item.id} component="img" src={image(item.storage_path as string, 120)} alt={`Nieuwe foto${item.caption ? `: ${item.caption}` : ''}`} sx={{ width: 120, height: 120, borderRadius: 1, objectFit: 'cover' }} />
              ) : (
                <Chip key={item.id} label={`${item.kind === 'video' ? 'Video' : 'Muziek'}: ${item.external_url as string}`} component="a" href={item.external_url as string} target="_blank" rel="noreferrer" clickable />
              ),
            )}
          </Stack>
        </Box>
      )}
    </Box>
  );
}
