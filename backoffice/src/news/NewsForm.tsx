import { lazy, Suspense } from 'react';
import { LinearProgress } from '@mui/material';
import { SelectInput, SimpleForm, TextInput, regex, required } from 'react-admin';
import { choices, newsStatusLabels } from '../labels.ts';
import { CoverInput } from './CoverInput.tsx';
import { slugify } from './slug.ts';

const MarkdownEditor = lazy(() => import('./MarkdownEditor.tsx'));

/** Saving: an empty slug is made from the title. */
export const withSlug = (data: Record<string, unknown>) => ({ ...data, slug: (data.slug as string | undefined) || slugify(String(data.title ?? '')) });

export function NewsForm() {
  return (
    <SimpleForm defaultValues={{ status: 'draft', excerpt: '', body: '' }}>
      <TextInput source="title" validate={required()} fullWidth />
      <TextInput
        source="slug"
        label="Slug (adres: /news/…)"
        helperText="Leeg laten: wordt gemaakt van de titel"
        validate={regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, 'Alleen kleine letters, cijfers en streepjes')}
        fullWidth
      />
      <TextInput source="excerpt" multiline minRows={2} fullWidth />
      <CoverInput source="cover_path" />
      <Suspense fallback={<LinearProgress sx={{ width: '100%' }} />}>
        <MarkdownEditor source="body" label="Tekst" />
      </Suspense>
      <SelectInput source="status" choices={choices(newsStatusLabels)} validate={required()} />
    </SimpleForm>
  );
}
