// 'Meldingen': what customers reported after a gig (open first by default), with the booking, the
// act, what was paid and where the payout stands; a row opens the case. Below them, the chargebacks.
import { Box, Chip } from '@mui/material';
import { Datagrid, FunctionField, List, SearchInput, SelectInput, TextField } from 'react-admin';
import { caseReasonLabels, caseResolutionLabels, caseStatusLabels, choices, formatEuro } from '../labels.ts';
import { MomentField } from '../layout/fields.tsx';
import { PayoutStatusChip } from '../payouts/PayoutStatusChip.tsx';
import { ChargebackSection } from './ChargebackSection.tsx';

const filters = [
  <SearchInput key="q" source="q" alwaysOn placeholder="Act, klant, e-mail of boekingsnummer" sx={{ width: 340 }} />,
  <SelectInput key="status" source="status" label="Status" choices={choices(caseStatusLabels)} alwaysOn />,
];

export const reasonLabel = (reason: unknown) => caseReasonLabels[reason as keyof typeof caseReasonLabels] ?? String(reason);

export function CaseList() {
  return (
    <>
      <Box data-testid="cases">
        <CaseListView />
      </Box>
      <ChargebackSection />
    </>
  );
}

function CaseListView() {
  return (
    <List title="Meldingen" filters={filters} filterDefaultValues={{ status: 'open' }} sort={{ field: 'created_at', order: 'DESC' }} exporter={false}>
      <Datagrid bulkActionButtons={false} rowClick="show">
        <MomentField source="created_at" />
        <TextField source="reference" sortable={false} />
        <FunctionField source="reason" render={(record) => reasonLabel(record.reason)} />
        <TextField source="artist_name" sortable={false} />
        <TextField source="customer_name" sortable={false} />
        <FunctionField source="paid_cents" sortable={false} render={(record) => formatEuro(record.paid_cents)} />
        <FunctionField
          source="status"
          render={(record) => <Chip size="small" label={caseStatusLabels[record.status] ?? record.status} color={record.status === 'open' ? 'warning' : 'success'} variant="outlined" />}
        />
        <FunctionField
          source="resolution"
          sortable={false}
          render={(record) => (record.resolution ? `${caseResolutionLabels[record.resolution] ?? record.resolution}${record.refund_cents ? ` (${formatEuro(record.refund_cents)})` : ''}` : '–')}
        />
        <FunctionField source="payout_status" sortable={false} render={(record) => <PayoutStatusChip status={record.payout_status} />} />
      </Datagrid>
    </List>
  );
}
