// /admin/artists: every artist, with search and filters (status, category, city, deleted),
// edit, soft delete and restore. The place sits under the name and the two buttons one under the
// other, so the grid fits a 1280 px screen.
import { BooleanInput, Datagrid, EditButton, FunctionField, List, NumberField, SelectInput, TextField, TextInput } from 'react-admin';
import { Chip, Stack } from '@mui/material';
import { dutchDecimal } from '@podium/shared/dutch';
import { MomentField, StackedField } from '../layout/fields.tsx';
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
      <Datagrid rowClick="edit" bulkActionButtons={false} sx={{ '& .column-owner_email': { overflowWrap: 'anywhere' } }}>
        <StackedField source="name" secondary="city" />
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
        <FunctionField source="rating_avg" render={(record) => (record.review_count ? dutchDecimal(record.rating_avg) : '–')} textAlign="right" />
        <TextField source="owner_email" />
        <MomentField source="created_at" dateOnly />
        <Stack alignItems="flex-start">
          <EditButton />
          <SoftDeleteButton />
        </Stack>
      </Datagrid>
    </List>
  );
}
