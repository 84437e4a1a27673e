// /admin/approvals: what waits for an admin, oldest first: new applications, and approved acts
// whose changes to what customers rely on wait for review. A row opens the full profile (with
// the proposed changes beside what is online). Place and e-mail sit under the name they belong
// to, so the columns and the review buttons fit a 1280 px screen.
import { Datagrid, FunctionField, List, TextInput } from 'react-admin';
import { MomentField, StackedField } from '../layout/fields.tsx';
import { categoryLabel, formatEuro } from '../labels.ts';
import { ArtistPreview } from './ArtistPreview.tsx';
import { BulkReviewButtons, ReviewButtons } from './ReviewActions.tsx';

export function ApprovalList() {
  return (
    <List title="Goedkeuringen" sort={{ field: 'review_requested_at', order: 'ASC' }} filters={[<TextInput key="q" source="q" label="Zoeken" alwaysOn />]} empty={false} exporter={false}>
      <Datagrid rowClick="expand" expand={<ArtistPreview />} bulkActionButtons={<BulkReviewButtons />}>
        <StackedField source="name" secondary="city" />
        <FunctionField source="review_kind" sortable={false} render={(record) => (record.review_kind === 'changes' ? 'Wijziging' : 'Nieuwe aanmelding')} />
        <StackedField source="owner_name" secondary="owner_email" />
        <FunctionField source="categories" sortable={false} render={(record) => (record.categories as string[]).map(categoryLabel).join(', ')} />
        <FunctionField source="base_price_cents" render={(record) => formatEuro(record.base_price_cents)} />
        <MomentField source="review_requested_at" />
        <ReviewButtons />
      </Datagrid>
    </List>
  );
}
