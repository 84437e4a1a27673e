// Editing an artist's profile. Approval goes through the review buttons beside the form, so the
// artist always gets the e-mail that comes with a decision.
import { AutocompleteArrayInput, Edit, NumberInput, SaveButton, SimpleForm, TextInput, Toolbar, required } from 'react-admin';
import { Box } from '@mui/material';
import { categoryLabels, choices } from '../labels.ts';
import { ArtistPreview } from '../approvals/ArtistPreview.tsx';
import { SoftDeleteButton } from './SoftDeleteButton.tsx';

function ArtistEditToolbar() {
  return (
    <Toolbar sx={{ justifyContent: 'space-between' }}>
      <SaveButton />
      <SoftDeleteButton />
    </Toolbar>
  );
}

export function ArtistEdit() {
  return (
    <Edit
      mutationMode="pessimistic"
      redirect="list"
      aside={
        <Box sx={{ width: 420, ml: 2 }}>
          <ArtistPreview />
        </Box>
      }
    >
      <SimpleForm toolbar={<ArtistEditToolbar />}>
        <TextInput source="name" validate={required()} fullWidth />
        <TextInput source="genre" fullWidth />
        <TextInput source="city" fullWidth />
        <AutocompleteArrayInput source="categories" choices={choices(categoryLabels)} fullWidth />
        <TextInput source="bio" multiline minRows={4} fullWidth />
        <NumberInput source="base_price_cents" min={0} />
        <NumberInput source="travel_radius_km" min={0} max={1000} />
        <TextInput source="website_url" fullWidth />
        <NumberInput source="priority" helperText="Hoger staat eerder bij 'Aanbevolen'" />
      </SimpleForm>
    </Edit>
  );
}
