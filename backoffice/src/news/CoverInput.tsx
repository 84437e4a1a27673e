// The cover photo: pick a file, watch it upload to the news-covers bucket, see it.
import { useState } from 'react';
import { Box, Button, LinearProgress, Typography } from '@mui/material';
import UploadIcon from '@mui/icons-material/Upload';
import { useDataProvider, useInput, useNotify } from 'react-admin';
import type { BackOfficeDataProvider } from '../providers/dataProvider.ts';
import { coverUrl } from '../providers/coverUpload.ts';
import { useSupabaseUrl } from '../providers/supabaseUrl.ts';

const MAX_BYTES = 10 * 1024 * 1024;

export function CoverInput({ source }: { source: string }) {
  const { field } = useInput({ source });
  const dataProvider = useDataProvider<BackOfficeDataProvider>();
  const supabaseUrl = useSupabaseUrl();
  const notify = useNotify();
  const [progress, setProgress] = useState<number | null>(null);

  const upload = async (file: File) => {
    if (!file.type.startsWith('image/')) return notify('Kies een afbeelding (JPEG, PNG, WebP of AVIF).', { type: 'error' });
    if (file.size > MAX_BYTES) return notify('De afbeelding is groter dan 10 MB.', { type: 'error' });
    setProgress(0);
    try {
      field.onChange(await dataProvider.uploadNewsCover(file, setProgress));
      notify('Omslagfoto geüpload', { type: 'success' });
    } catch (error) {
      notify((error as Error).message, { type: 'error' });
    } finally {
      setProgress(null);
    }
  };

  const src = coverUrl(supabaseUrl, field.value as string | null);
  return (
    <Box sx={{ mb: 2, width: '100%', maxWidth: 600 }}>
      <Typography variant="subtitle2" gutterBottom>
        Omslagfoto
      </Typography>
      {src && <Box component="img" src={src} alt="Omslagfoto" sx={{ width: '100%', borderRadius: 1, mb: 1 }} />}
      {progress !== null && (
        <Box sx={{ mb: 1 }}>
          <LinearProgress variant="determinate" value={Math.round(progress * 100)} aria-label="Uploadvoortgang" />
          <Typography variant="caption">{Math.round(progress * 100)}% geüpload</Typography>
        </Box>
      )}
      <Button component="label" variant="outlined" startIcon={<UploadIcon />} disabled={progress !== null}>
        {src ? 'Andere foto kiezen' : 'Foto uploaden'}
        <input
          hidden
          type="file"
          accept="image/jpeg,image/png,image/webp,image/avif"
          data-testid="cover-file"
          onChange={(event) => {
            const file = event.target.files?.[0];
            event.target.value = '';
            if (file) void upload(file);
          }}
        />
      </Button>
      {src && (
        <Button sx={{ ml: 1 }} onClick={() => field.onChange(null)}>
          Foto weghalen
        </Button>
      )}
    </Box>
  );
}
