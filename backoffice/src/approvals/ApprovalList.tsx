// /admin/approvals: what waits for an admin, oldest first: new applications, and approved acts
// whose changes to what customers rely on wait for review. A row opens the full profile (with
// the proposed changes beside what is online).
import { Datagrid, DateField, FunctionField, List, TextField, TextInput } from 'react-admin';
import { categoryLabel, formatEuro } from '../labels.ts';
import { ArtistPreview } from './ArtistPreview.tsx';
import { BulkReviewButtons, ReviewButtons } from './ReviewActions.tsx';

export function ApprovalList() {
  return (
    <List title="Goedkeuringen" sort={{ field: 'review_requested_at', order: 'ASC' }} filters={[<TextInput key="q" source="q" label="Zoeken" alwaysOn />]} empty={false} exporter={false}>
      <Datagrid rowClick="expand" expand={<ArtistPreview />} bulkActionButtons={<BulkReviewButtons />}>
        <TextField source="name" />
        <FunctionField source="review_kind" sortable={false} render={(record) => (record.review_kind === 'changes' ? 'Wijziging' : 'Nieuwe aanmelding')} />
        <TextField source="owner_name" />
        <TextField source="owner_email" />
        <TextField source="city" />
        <FunctionField source="categories" sortable={false} render={(record) => (record.categories as string[]).map(categoryLabel).join(', ')} />
        <FunctionField source="base_price_cents" render={(record) => formatEuro(record.base_price_cents)} />
        <DateField source="review_requested_at" showTime locales="nl-NL" />
        <ReviewButtons />
      </Datagrid>
    </List>
  );
}
