// The audit log: every admin action, newest first (written by triggers, read only here).
import { Datagrid, FunctionField, List, SelectInput, TextField, TextInput } from 'react-admin';
import { MomentField } from '../layout/fields.tsx';
import { caseReasonLabels, caseResolutionLabels, formatEuro } from '../labels.ts';

const tables = [
  { id: 'artists', name: 'Artiesten' },
  { id: 'bookings', name: 'Boekingen' },
  { id: 'news_articles', name: 'Nieuws' },
  { id: 'app_config', name: 'Instellingen' },
  { id: 'bands_transactions', name: 'BANDS' },
  { id: 'mfa_factors', name: 'Tweestapsverificatie' },
  { id: 'booking_cases', name: 'Meldingen' },
  { id: 'payouts', name: 'Uitbetalingen' },
];
const actionLabels: Record<string, string> = {
  insert: 'Aangemaakt',
  update: 'Gewijzigd',
  delete: 'Verwijderd',
  transition: 'Statuswijziging',
  reset_two_factor: '2FA hersteld',
  case_opened: 'Melding geopend',
  case_resolved: 'Melding afgehandeld',
  payout_retry: 'Uitbetaling opnieuw geprobeerd',
};

/** A case's opening and resolution in words (answer_checkin, resolve_booking_case). */
function describeCase(action: string, details: Record<string, unknown>): string | null {
  if (action === 'case_opened') return `Reden: ${caseReasonLabels[details.reason as keyof typeof caseReasonLabels] ?? String(details.reason)}`;
  if (action !== 'case_resolved') return null;
  const refund = Number(details.refund_cents ?? 0);
  const note = typeof details.note === 'string' && details.note ? `; toelichting: ${details.note}` : '';
  return `${caseResolutionLabels[String(details.resolution)] ?? String(details.resolution)}${refund > 0 ? `, ${formatEuro(refund)} terug naar de klant` : ''}${note}`;
}

function describe(details: Record<string, unknown>): string {
  return Object.entries(details)
    .slice(0, 6)
    .map(([key, value]) => {
      const change = value as { from?: unknown; to?: unknown } | null;
      if (change && typeof change === 'object' && 'to' in change) return `${key}: ${JSON.stringify(change.from)} → ${JSON.stringify(change.to)}`;
      return `${key}: ${JSON.stringify(value)}`;
    })
    .join('; ');
}

export function AuditList() {
  return (
    <List
      title="Auditlog"
      sort={{ field: 'created_at', order: 'DESC' }}
      exporter={false}
      filters={[<SelectInput key="table_name" source="table_name" label="Tabel" choices={tables} alwaysOn />, <TextInput key="record_id" source="record_id" label="Record-id" alwaysOn />]}
    >
      <Datagrid bulkActionButtons={false} rowClick={false}>
        <MomentField source="created_at" />
        <TextField source="actor_name" emptyText="systeem" />
        <FunctionField source="action" render={(record) => actionLabels[record.action] ?? record.action} />
        <FunctionField source="table_name" render={(record) => tables.find((t) => t.id === record.table_name)?.name ?? record.table_name} />
        <TextField source="record_id" />
        <FunctionField source="details" sortable={false} render={(record) => describeCase(record.action, record.details ?? {}) ?? describe(record.details ?? {})} />
      </Datagrid>
    </List>
  );
}
