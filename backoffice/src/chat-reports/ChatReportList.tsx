// 'Gemelde gesprekken': who reported whom about which act, why, and the conversation's latest messages
// when a row is opened. 'Afgehandeld' marks a report done (chat_reports: admins update status).
import { dutchShortDateTime } from '@podium/shared/dutch';
import { Button, Datagrid, FunctionField, List, SelectInput, TextField, useGetList, useNotify, useRecordContext, useUpdate, type RaRecord } from 'react-admin';
import { MomentField } from '../layout/fields.tsx';
import { chatReportReasonLabels, isChatReportReason } from '@podium/shared/chat-safety';

const statuses = [
  { id: 'open', name: 'Open' },
  { id: 'handled', name: 'Afgehandeld' },
];

const reasonLabel = (reason: unknown) => (isChatReportReason(reason) ? chatReportReasonLabels[reason] : String(reason));

function ConversationMessages() {
  const report = useRecordContext();
  const { data, isPending, error } = useGetList('chat_messages', {
    filter: { conversation_id: report?.conversation_id },
    sort: { field: 'created_at', order: 'DESC' },
    pagination: { page: 1, perPage: 20 },
  });
  if (isPending) return <p>Berichten laden…</p>;
  if (error) return <p>De berichten konden niet worden geladen.</p>;
  if (!data?.length) return <p>Geen berichten in dit gesprek.</p>;
  return (
    <ol style={{ margin: 0, paddingLeft: 16 }}>
      {[...data].reverse().map((message: RaRecord) => (
        <li key={message.id}>
          <strong>{message.sender_id === report?.reported_id ? report?.reported_name : report?.reporter_name}</strong> ({dutchShortDateTime(message.created_at as string)}):{' '}
          {message.message_text as string}
        </li>
      ))}
    </ol>
  );
}

function HandleButton() {
  const report = useRecordContext();
  const notify = useNotify();
  const [update, { isPending }] = useUpdate();
  if (!report || report.status !== 'open') return null;
  const handle = () =>
    void update(
      'chat-reports',
      { id: report.id, data: { status: 'handled', handled_at: new Date().toISOString() }, previousData: report },
      { onSuccess: () => notify('Melding afgehandeld.', { type: 'info' }), onError: () => notify('Afhandelen is niet gelukt. Probeer het opnieuw.', { type: 'error' }) },
    );
  return (
    <Button
      label="Afgehandeld"
      onClick={(event) => {
        event.stopPropagation();
        handle();
      }}
      disabled={isPending}
    />
  );
}

export function ChatReportList() {
  return (
    <List
      title="Gemelde gesprekken"
      sort={{ field: 'created_at', order: 'DESC' }}
      filterDefaultValues={{ status: 'open' }}
      exporter={false}
      filters={[<SelectInput key="status" source="status" label="Status" choices={statuses} alwaysOn />]}
    >
      <Datagrid bulkActionButtons={false} rowClick="expand" expand={<ConversationMessages />}>
        <MomentField source="created_at" label="Gemeld op" />
        <FunctionField source="reason" label="Reden" render={(record) => reasonLabel(record.reason)} />
        <TextField source="reporter_name" label="Gemeld door" />
        <TextField source="reported_name" label="Over" />
        <TextField source="artist_name" label="Act" />
        <TextField source="details" label="Toelichting" emptyText="–" sortable={false} />
        <FunctionField source="blocked_at" label="Geblokkeerd" render={(record) => (record.blocked_at ? 'Ja' : 'Nee')} />
        <FunctionField source="status" label="Status" render={(record) => statuses.find((status) => status.id === record.status)?.name ?? record.status} />
        <HandleButton />
      </Datagrid>
    </List>
  );
}
