// The article as a reader will see it on /news/{slug}.
import { dutchDateOfMoment } from '@podium/shared/dutch';
import { lazy, Suspense } from 'react';
import { Box, Chip, Container, Stack, Typography } from '@mui/material';
import { EditButton, Show, TopToolbar, useRecordContext } from 'react-admin';
import { newsStatusLabels } from '../labels.ts';
import { coverUrl } from '../providers/coverUpload.ts';
import { useSupabaseUrl } from '../providers/supabaseUrl.ts';
import { PublishToggle } from './NewsList.tsx';

const MarkdownBody = lazy(() => import('./MarkdownBody.tsx'));

function Article() {
  const record = useRecordContext();
  const supabaseUrl = useSupabaseUrl();
  if (!record) return null;
  const cover = coverUrl(supabaseUrl, record.cover_path, 1200);
  return (
    <Container maxWidth="md" sx={{ py: 3 }} component="article">
      <Stack direction="row" spacing={1} sx={{ mb: 1 }}>
        <Chip size="small" label={newsStatusLabels[record.status] ?? record.status} color={record.status === 'published' ? 'success' : 'default'} />
        <Typography variant="body2" color="text.secondary">
          /news/{record.slug}
        </Typography>
      </Stack>
      <Typography variant="h3" component="h1" gutterBottom>
        {record.title}
      </Typography>
      {record.published_at && (
        <Typography color="text.secondary" gutterBottom>
          {dutchDateOfMoment(record.published_at)}
        </Typography>
      )}
      {cover && <Box component="img" src={cover} alt={record.title} sx={{ width: '100%', borderRadius: 2, my: 2 }} />}
      {record.excerpt && (
        <Typography variant="h6" component="p" sx={{ mb: 2 }}>
          {record.excerpt}
        </Typography>
      )}
      <Suspense fallback={null}>
        <MarkdownBody source={record.body} />
      </Suspense>
    </Container>
  );
}

export function NewsPreview() {
  return (
    <Show
      title="Voorbeeld"
      actions={
        <TopToolbar>
          <PublishToggle />
          <EditButton />
        </TopToolbar>
      }
    >
      <Article />
    </Show>
  );
}
