// /admin/bookings: support looks bookings up in one search box: a booking number, a date
// (dd-mm-jjjj), a status, a customer's name or e-mail, or an artist. The customer's e-mail sits
// under their name, so every column and 'Filter toevoegen' fit a 1280 px screen.
import { Datagrid, DateInput, FunctionField, List, SearchInput, SelectInput, TextField } from 'react-admin';
import { MomentField, StackedField } from '../layout/fields.tsx';
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
        <MomentField source="starts_at" />
        <StackedField source="customer_name" secondary="customer_email" sortable={false} />
        <TextField source="artist_name" sortable={false} />
        <FunctionField source="status" render={() => <BookingStatusBadge />} />
        <FunctionField source="total_cents" render={(record) => formatEuro(record.total_cents)} />
        <MomentField source="created_at" dateOnly />
      </Datagrid>
    </List>
  );
}
