// /admin/news: every article; publish and unpublish from the row.
import { Chip } from '@mui/material';
import PublishIcon from '@mui/icons-material/Publish';
import UnpublishedIcon from '@mui/icons-material/Unpublished';
import { Button, CreateButton, Datagrid, EditButton, FunctionField, List, SelectInput, ShowButton, TextField, TextInput, TopToolbar, useNotify, useRecordContext, useUpdate } from 'react-admin';
import { MomentField } from '../layout/fields.tsx';
import { choices, newsStatusLabels } from '../labels.ts';

export function PublishToggle() {
  const record = useRecordContext();
  const [update, { isPending }] = useUpdate();
  const notify = useNotify();
  if (!record) return null;
  const published = record.status === 'published';
  const toggle = () =>
    update(
      'news',
      { id: record.id, data: { status: published ? 'draft' : 'published', published_at: published ? null : new Date().toISOString() }, previousData: record },
      {
        mutationMode: 'pessimistic',
        onSuccess: () => notify(published ? 'Artikel teruggezet naar concept' : 'Artikel gepubliceerd', { type: 'success' }),
        onError: (error) => notify((error as Error).message, { type: 'error' }),
      },
    );
  return (
    <Button
      label={published ? 'Depubliceren' : 'Publiceren'}
      disabled={isPending}
      onClick={(event) => {
        event.stopPropagation();
        void toggle();
      }}
    >
      {published ? <UnpublishedIcon /> : <PublishIcon />}
    </Button>
  );
}

const filters = [<TextInput key="q" source="q" label="Zoeken" alwaysOn />, <SelectInput key="status" source="status" label="Status" choices={choices(newsStatusLabels)} alwaysOn />];

export function NewsList() {
  return (
    <List
      title="Nieuws"
      filters={filters}
      sort={{ field: 'updated_at', order: 'DESC' }}
      exporter={false}
      actions={
        <TopToolbar>
          <CreateButton label="Nieuw artikel" />
        </TopToolbar>
      }
    >
      <Datagrid rowClick="edit" bulkActionButtons={false}>
        <TextField source="title" />
        <FunctionField
          source="status"
          render={(record) => <Chip size="small" color={record.status === 'published' ? 'success' : 'default'} label={newsStatusLabels[record.status] ?? record.status} />}
        />
        <MomentField source="published_at" />
        <MomentField source="updated_at" />
        <ShowButton label="Voorbeeld" />
        <EditButton />
        <PublishToggle />
      </Datagrid>
    </List>
  );
}
