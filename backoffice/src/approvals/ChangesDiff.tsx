// An approved act's changes side by side with what customers see now: each changed field (name,
// bio, genres, place name, website, cover photo), package text and photo caption as 'Nu online'
// and 'Voorgesteld', and the new packages, photos and links.
import { Box, Chip, Stack, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import type { RaRecord } from 'react-admin';

const labels: Record<string, string> = { name: 'Naam', bio: 'Beschrijving', genre: 'Genres', city: 'Plaatsnaam', website_url: 'Website', cover_path: 'Omslagfoto' };

interface Row {
  key: string;
  label: string;
  field: string;
  now: string | null;
  proposed: string | null;
}

/** The part of `after` that differs from `before` (what is left when their common start and end are taken off). */
export function changedPart(before: string, after: string): { start: number; end: number } {
  let start = 0;
  while (start < before.length && start < after.length && before[start] === after[start]) start += 1;
  let tail = 0;
  while (tail < before.length - start && tail < after.length - start && before[before.length - 1 - tail] === after[after.length - 1 - tail]) tail += 1;
  return { start, end: after.length - tail };
}

/** `text` with the part that differs from `other` marked (inserted or deleted). */
function Marked({ text, other, kind }: { text: string; other: string; kind: 'ins' | 'del' }) {
  const { start, end } = changedPart(other, text);
  if (start >= end) return <>{text}</>;
  return (
    <>
      {text.slice(0, start)}
      <Box component={kind} sx={{ bgcolor: kind === 'ins' ? '#d7f5dd' : '#fde2e1', textDecoration: kind === 'del' ? 'line-through' : 'none' }}>
        {text.slice(start, end)}
      </Box>
      {text.slice(end)}
    </>
  );
}

export function ChangesDiff({
  record,
  newMedia,
  image,
  packages = [],
  media = [],
}: {
  record: RaRecord;
  newMedia: RaRecord[];
  image: (path: string, size: number) => string;
  /** Every package of the act (its live texts; new ones have pending_review). */
  packages?: RaRecord[];
  /** Every media item of the act (its live captions). */
  media?: RaRecord[];
}) {
  const changes = (record.pending_changes ?? {}) as Record<string, unknown>;
  const heldPackages = (changes.packages ?? {}) as Record<string, { name: string; description: string }>;
  const heldCaptions = (changes.captions ?? {}) as Record<string, string>;
  const rows: Row[] = [
    ...Object.keys(labels)
      .filter((field) => field in changes)
      .map((field) => ({ key: field, label: labels[field]!, field, now: (record[field] as string | null) ?? null, proposed: (changes[field] as string | null) ?? null })),
    ...packages
      .filter((item) => item.id in heldPackages)
      .flatMap((item) => {
        const held = heldPackages[item.id]!;
        return [
          ...(held.name !== item.name ? [{ key: `${item.id}-name`, label: `Pakket ${item.name as string}: naam`, field: 'package', now: item.name as string, proposed: held.name }] : []),
          ...(held.description !== item.description
            ? [{ key: `${item.id}-description`, label: `Pakket ${item.name as string}: beschrijving`, field: 'package', now: item.description as string, proposed: held.description }]
            : []),
        ];
      }),
    ...media
      .filter((item) => item.id in heldCaptions)
      .map((item) => ({ key: `${item.id}-caption`, label: 'Bijschrift van een foto', field: 'caption', now: item.caption as string, proposed: heldCaptions[item.id] ?? '' })),
  ];
  const newPackages = packages.filter((item) => item.pending_review);
  const show = (field: string, value: string | null, other: string | null, kind: 'ins' | 'del') => {
    if (value === null || value === '') return <Typography color="text.secondary">(leeg)</Typography>;
    if (field === 'cover_path') return <Box component="img" src={image(value, 160)} alt={`${labels[field]}`} sx={{ width: 160, height: 160, borderRadius: 1, objectFit: 'cover' }} />;
    return (
      <Typography sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
        <Marked text={value} other={other ?? ''} kind={kind} />
      </Typography>
    );
  };
  return (
    <Box sx={{ mb: 2, p: 2, borderRadius: 2, bgcolor: 'warning.50', border: 1, borderColor: 'warning.light' }} data-testid="changes-diff">
      <Typography variant="subtitle1" sx={{ fontWeight: 700 }}>
        Wijzigingen ter beoordeling
      </Typography>
      <Typography variant="body2" color="text.secondary" gutterBottom>
        Het profiel staat online zoals het nu is. Goedkeuren zet de voorgestelde versie online; afwijzen laat het profiel zoals het is.
      </Typography>
      {rows.length > 0 && (
        <Table size="small" aria-label="Voorgestelde wijzigingen">
          <TableHead>
            <TableRow>
              <TableCell>Veld</TableCell>
              <TableCell>Nu online</TableCell>
              <TableCell>Voorgesteld</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.map((row) => (
              <TableRow key={row.key} sx={{ verticalAlign: 'top' }}>
                <TableCell component="th" scope="row">
                  {row.label}
                </TableCell>
                <TableCell sx={{ width: '42%' }}>{show(row.field, row.now, row.proposed, 'del')}</TableCell>
                <TableCell sx={{ width: '42%' }}>{show(row.field, row.proposed, row.now, 'ins')}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
      {newPackages.length > 0 && (
        <Box sx={{ mt: 2 }}>
          <Typography variant="subtitle2">Nieuwe pakketten</Typography>
          {newPackages.map((item) => (
            <Box key={item.id} sx={{ mt: 1 }} data-testid="new-package">
              <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>{item.name as string}</Typography>
              <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                {(item.description as string) || '(geen beschrijving)'}
              </Typography>
            </Box>
          ))}
        </Box>
      )}
      {newMedia.length > 0 && (
        <Box sx={{ mt: 2 }}>
          <Typography variant="subtitle2">Nieuwe foto's en links</Typography>
          <Stack direction="row" spacing={1} sx={{ mt: 1, flexWrap: 'wrap', alignItems: 'center' }}>
            {newMedia.map((item) =>
              item.storage_path ? (
                <Box key={item.id} component="figure" sx={{ m: 0, width: 120 }}>
                  <Box
                    component="img"
                    src={image(item.storage_path as string, 120)}
                    alt={`Nieuwe foto${item.caption ? `: ${item.caption}` : ''}`}
                    sx={{ width: 120, height: 120, borderRadius: 1, objectFit: 'cover' }}
                  />
                  {item.caption ? (
                    <Typography component="figcaption" variant="caption" sx={{ display: 'block', overflowWrap: 'anywhere' }}>
                      {item.caption as string}
                    </Typography>
                  ) : null}
                </Box>
              ) : (
                <Chip
                  key={item.id}
                  label={`${item.kind === 'video' ? 'Video' : 'Muziek'}: ${item.external_url as string}`}
                  component="a"
                  href={item.external_url as string}
                  target="_blank"
                  rel="noreferrer"
                  clickable
                />
              ),
            )}
          </Stack>
        </Box>
      )}
    </Box>
  );
}
