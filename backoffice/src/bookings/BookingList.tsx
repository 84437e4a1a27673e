// /admin/bookings: support looks bookings up in one search box: a booking number, a date
// (dd-mm-jjjj), a status, a customer's name or e-mail, or an artist.
import { Datagrid, DateField, DateInput, FunctionField, List, SearchInput, SelectInput, TextField } from 'react-admin';
import { bookingStatusLabels, choices, formatEuro } from '../labels.ts';
import { BookingStatusBadge } from './BookingStatusBadge.tsx';

const filters = [
  <SearchInput key="q" source="q" alwaysOn placeholder="Boekingsnummer, klant, e-mail, artiest, datum of status" sx={{ width: 460 }} />,
  <SelectInput key="status" source="status" label="Status" choices={choices(bookingStatusLabels)} />,
  <DateInput key="from" source="from" label="Optreden vanaf" />,
  <DateInput key="to" source="to" label="Optreden tot" />,
];

export function BookingList() {
  return (
    <List title="Boekingen" filters={filters} sort={{ field: 'created_at', order: 'DESC' }} exporter={false}>
      <Datagrid rowClick="show" bulkActionButtons={false}>
        <TextField source="reference" sortable={false} />
        <DateField source="starts_at" showTime locales="nl-NL" options={{ dateStyle: 'medium', timeStyle: 'short', timeZone: 'Europe/Amsterdam' }} />
        <TextField source="customer_name" sortable={false} />
        <TextField source="customer_email" sortable={false} />
        <TextField source="artist_name" sortable={false} />
        <FunctionField source="status" render={() => <BookingStatusBadge />} />
        <FunctionField source="total_cents" render={(record) => formatEuro(record.total_cents)} />
        <DateField source="created_at" locales="nl-NL" />
      </Datagrid>
    </List>
  );
}
