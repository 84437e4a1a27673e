// /admin/artists: every artist, with search and filters (status, category, city, deleted),
// edit, soft delete and restore.
import { BooleanInput, Datagrid, DateField, EditButton, FunctionField, List, NumberField, SelectInput, TextField, TextInput } from 'react-admin';
import { Chip } from '@mui/material';
import { approvalStatusLabels, categoryLabel, categoryLabels, choices } from '../labels.ts';
import { SoftDeleteButton } from './SoftDeleteButton.tsx';

const filters = [
  <TextInput key="q" source="q" label="Zoeken" alwaysOn />,
  <SelectInput key="approval_status" source="approval_status" label="Status" choices={choices(approvalStatusLabels)} alwaysOn />,
  <SelectInput key="category" source="category" label="Categorie" choices={choices(categoryLabels)} alwaysOn />,
  <TextInput key="city" source="city@ilike" label="Plaats" alwaysOn />,
  <BooleanInput key="is_deleted" source="is_deleted" label="Verwijderd" alwaysOn />,
];

export function ArtistList() {
  return (
    <List title="Artiesten" filters={filters} filterDefaultValues={{ is_deleted: false }} sort={{ field: 'created_at', order: 'DESC' }} exporter={false}>
      <Datagrid rowClick="edit" bulkActionButtons={false}>
        <TextField source="name" />
        <TextField source="city" />
        <FunctionField source="categories" sortable={false} render={(record) => (record.categories as string[]).map(categoryLabel).join(', ')} />
        <FunctionField
          source="approval_status"
          render={(record) => (
            <Chip
              size="small"
              label={record.deleted_at ? 'Verwijderd' : (approvalStatusLabels[record.approval_status] ?? record.approval_status)}
              color={record.deleted_at ? 'default' : record.approval_status === 'approved' ? 'success' : record.approval_status === 'rejected' ? 'error' : 'warning'}
            />
          )}
        />
        <NumberField source="priority" />
        <NumberField source="rating_avg" options={{ maximumFractionDigits: 1 }} />
        <TextField source="owner_email" />
        <DateField source="created_at" locales="nl-NL" />
        <EditButton />
        <SoftDeleteButton />
      </Datagrid>
    </List>
  );
}
