// The full profile an admin judges: what the public page will show, plus the owner's details;
// for an approved act with changes waiting, the changes beside what is online.
import { Box, Card, CardContent, Chip, Grid, Stack, Typography } from '@mui/material';
import { useGetList, useRecordContext } from 'react-admin';
import { categoryLabel, formatEuro } from '../labels.ts';
import { useSupabaseUrl } from '../providers/supabaseUrl.ts';
import { ChangesDiff } from './ChangesDiff.tsx';
import { ReviewButtons } from './ReviewActions.tsx';

const image = (supabaseUrl: string, bucket: string, path: string, size: number) =>
  `${supabaseUrl}/storage/v1/render/image/public/${bucket}/${path}?width=${size}&height=${size}&resize=cover&quality=80`;

export function ArtistPreview({ withActions = true }: { withActions?: boolean }) {
  const record = useRecordContext();
  const supabaseUrl = useSupabaseUrl();
  const { data: packages = [] } = useGetList(
    'artist_packages',
    { filter: { artist_id: record?.id }, sort: { field: 'sort_order', order: 'ASC' }, pagination: { page: 1, perPage: 20 } },
    { enabled: !!record },
  );
  const { data: media = [] } = useGetList(
    'artist_media',
    { filter: { artist_id: record?.id }, sort: { field: 'sort_order', order: 'ASC' }, pagination: { page: 1, perPage: 50 } },
    { enabled: !!record },
  );
  if (!record) return null;
  const photos = media.filter((item) => item.kind === 'image' && item.storage_path && !item.pending_review);
  const newMedia = media.filter((item) => item.pending_review);
  return (
    <Card variant="outlined" sx={{ my: 1 }} data-testid="artist-preview">
      <CardContent>
        <Grid container spacing={3}>
          <Grid size={{ xs: 12, md: 3 }}>
            {record.avatar_path ? (
              <Box
                component="img"
                src={image(supabaseUrl, 'artist-media', record.avatar_path, 240)}
                alt={`${record.name}, ${record.genre} uit ${record.city}`}
                sx={{ width: '100%', borderRadius: 2 }}
              />
            ) : (
              <Box sx={{ width: '100%', aspectRatio: '1', borderRadius: 2, bgcolor: 'grey.200', display: 'grid', placeItems: 'center' }}>
                <Typography color="text.secondary">Geen profielfoto</Typography>
              </Box>
            )}
          </Grid>
          <Grid size={{ xs: 12, md: 9 }}>
            {record.review_kind === 'changes' && (
              <ChangesDiff record={record} newMedia={newMedia} packages={packages} media={media} image={(path, size) => image(supabaseUrl, 'artist-media', path, size)} />
            )}
            <Typography variant="h6">{record.name}</Typography>
            <Typography color="text.secondary" gutterBottom>
              {[record.genre, record.city].filter(Boolean).join(' · ') || 'Geen genre of plaats'} · vanaf {formatEuro(record.base_price_cents)}
            </Typography>
            <Stack direction="row" spacing={1} sx={{ mb: 1, flexWrap: 'wrap' }}>
              {(record.categories as string[]).map((category) => (
                <Chip key={category} size="small" label={categoryLabel(category)} />
              ))}
            </Stack>
            <Typography sx={{ whiteSpace: 'pre-wrap', mb: 2 }}>{record.bio || 'Geen beschrijving ingevuld.'}</Typography>
            <Typography variant="body2">
              Aangemeld door {record.owner_name || 'onbekend'} ({record.owner_email ?? 'geen e-mail'}
              {record.owner_phone ? `, ${record.owner_phone}` : ''})
              {record.website_url ? (
                <>
                  {' '}
                  ·{' '}
                  <a href={record.website_url} target="_blank" rel="noreferrer">
                    website
                  </a>
                </>
              ) : null}
            </Typography>
            {packages.length > 0 && (
              <Box sx={{ mt: 2 }}>
                <Typography variant="subtitle2">Pakketten</Typography>
                {packages.map((item) => (
                  <Typography key={item.id} variant="body2">
                    {item.name}: {formatEuro(item.price_cents)} ({item.duration_minutes} min.){item.pending_review ? ' · nieuw, wacht op beoordeling' : ''}
                  </Typography>
                ))}
              </Box>
            )}
            {photos.length > 0 && (
              <Stack direction="row" spacing={1} sx={{ mt: 2, flexWrap: 'wrap' }}>
                {photos.map((item) => (
                  <Box
                    key={item.id}
                    component="img"
                    src={image(supabaseUrl, 'artist-media', item.storage_path, 120)}
                    alt={item.caption || record.name}
                    sx={{ width: 120, height: 120, borderRadius: 1 }}
                  />
                ))}
              </Stack>
            )}
            {withActions && (
              <Box sx={{ mt: 2 }}>
                <ReviewButtons />
              </Box>
            )}
          </Grid>
        </Grid>
      </CardContent>
    </Card>
  );
}
