// The contact form (/contact) and the sound & light quote form (/sound-light): one form, two
// kinds. Checked in the browser with the server's own rules (Dutch message under each field,
// focus on the first), sent to the contact-request edge function, then a confirmation in place
// of the form. A hidden honeypot field catches form-filling bots.
import { Box, Button, Checkbox, Field, Heading, Input, SimpleGrid, Stack, Text, Textarea } from '@chakra-ui/react';
import { textareaRecipe } from '@chakra-ui/react/theme';
import { checkboxRecipe, fieldRecipe } from '@podium/shared/theme-recipes';
import { useId, useRef, useState, type FormEvent } from 'react';
import {
  contactRequestFieldOrder,
  soundLightServices,
  validateContactRequest,
  type ContactRequestField,
  type ContactRequestForm as FormValues,
  type ContactRequestKind,
} from '../../../supabase/functions/_shared/contact-request.ts';
import { sendContactRequest } from './contact-request.ts';

const empty = (kind: ContactRequestKind): FormValues => ({ kind, name: '', email: '', phone: '', subject: '', message: '', eventDate: '', eventLocation: '', guests: '', services: [] });

export function ContactRequestForm({ kind }: { kind: ContactRequestKind }) {
  const quote = kind === 'quote';
  const [form, setForm] = useState<FormValues>(() => empty(kind));
  const [website, setWebsite] = useState('');
  const [errors, setErrors] = useState<Partial<Record<ContactRequestField, string>>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const confirmationRef = useRef<HTMLDivElement>(null);
  const id = useId();

  const set = (field: keyof FormValues) => (event: React.ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => {
    const value = event.target.value;
    setForm((current) => ({ ...current, [field]: value }));
    setErrors((current) => (current[field as ContactRequestField] ? { ...current, [field]: undefined } : current));
  };

  const focusFirst = (fieldErrors: Partial<Record<ContactRequestField, string>>) => {
    const first = contactRequestFieldOrder.find((field) => fieldErrors[field]);
    if (first) formRef.current?.querySelector<HTMLElement>(`[data-field="${first}"]`)?.focus();
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFormError(null);
    const checked = validateContactRequest(form);
    if (!checked.ok) {
      setErrors(checked.errors);
      focusFirst(checked.errors);
      return;
    }
    setBusy(true);
    const result = await sendContactRequest({ ...form, website });
    setBusy(false);
    if (result.ok) {
      setSentTo(checked.request.email);
      setForm(empty(kind));
      requestAnimationFrame(() => confirmationRef.current?.focus());
      return;
    }
    setErrors(result.fields);
    setFormError(result.message);
    focusFirst(result.fields);
  };

  if (sentTo) {
    return (
      <Box ref={confirmationRef} tabIndex={-1} role="status" bg="green.50" borderWidth="1px" borderColor="green.200" rounded="2xl" p={{ base: '5', md: '6' }} outline="none">
        <Heading as="h3" fontSize="xl" fontWeight="800" color="green.800">
          {quote ? 'Bedankt, je aanvraag is verstuurd!' : 'Bedankt, je bericht is verstuurd!'}
        </Heading>
        <Text mt="2" color="ink.800">
          {quote
            ? `We stellen een offerte op maat voor je samen en nemen binnen twee werkdagen contact met je op via ${sentTo}.`
            : `We hebben je bericht goed ontvangen en reageren binnen één werkdag op ${sentTo}.`}
        </Text>
        <Button mt="4" variant="outline" rounded="full" size="sm" onClick={() => setSentTo(null)}>
          {quote ? 'Nog een aanvraag doen' : 'Nog een bericht sturen'}
        </Button>
      </Box>
    );
  }

  const field = (name: ContactRequestField) => ({ invalid: Boolean(errors[name]), recipe: fieldRecipe });
  const errorText = (name: ContactRequestField) => errors[name] && <Field.ErrorText>{errors[name]}</Field.ErrorText>;

  return (
    <form ref={formRef} onSubmit={(event) => void submit(event)} noValidate aria-describedby={formError ? `${id}-error` : undefined}>
      <Stack gap="5">
        {quote && (
          <>
            <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
              <Field.Root {...field('eventDate')} required>
                <Field.Label>Datum van het evenement</Field.Label>
                <Input data-field="eventDate" name="eventDate" type="date" value={form.eventDate} onChange={set('eventDate')} />
                {errorText('eventDate')}
              </Field.Root>
              <Field.Root {...field('guests')} required>
                <Field.Label>Aantal gasten</Field.Label>
                <Input data-field="guests" name="guests" inputMode="numeric" autoComplete="off" placeholder="Bijvoorbeeld 120" value={form.guests} onChange={set('guests')} />
                {errorText('guests')}
              </Field.Root>
            </SimpleGrid>
            <Field.Root {...field('eventLocation')} required>
              <Field.Label>Locatie</Field.Label>
              <Input
                data-field="eventLocation"
                name="eventLocation"
                autoComplete="off"
                placeholder="Bijvoorbeeld Kasteel Woerden, Woerden"
                value={form.eventLocation}
                onChange={set('eventLocation')}
              />
              {errorText('eventLocation')}
            </Field.Root>
            <Box as="fieldset" aria-describedby={errors.services ? `${id}-services-error` : undefined}>
              <Text as="legend" fontWeight="600" fontSize="sm" mb="2">
                Wat heb je nodig?{' '}
                <Text as="span" color="red.600" aria-hidden="true">
                  *
                </Text>
              </Text>
              <SimpleGrid columns={{ base: 1, sm: 2 }} gap="2">
                {soundLightServices.map((service, index) => (
                  <Checkbox.Root
                    key={service.value}
                    recipe={checkboxRecipe}
                    colorPalette="brand"
                    checked={form.services.includes(service.value)}
                    onCheckedChange={(details) => {
                      setForm((current) => ({
                        ...current,
                        services: details.checked === true ? [...current.services, service.value] : current.services.filter((value) => value !== service.value),
                      }));
                      setErrors((current) => ({ ...current, services: undefined }));
                    }}
                    borderWidth="1px"
                    rounded="lg"
                    px="3"
                    py="2.5"
                    bg="white"
                  >
                    <Checkbox.HiddenInput {...(index === 0 ? { 'data-field': 'services' } : {})} />
                    <Checkbox.Control />
                    <Checkbox.Label fontWeight="normal">{service.label}</Checkbox.Label>
                  </Checkbox.Root>
                ))}
              </SimpleGrid>
              {errors.services && (
                <Text id={`${id}-services-error`} color="red.600" fontSize="sm" mt="2">
                  {errors.services}
                </Text>
              )}
            </Box>
          </>
        )}
        <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
          <Field.Root {...field('name')} required>
            <Field.Label>Naam</Field.Label>
            <Input data-field="name" name="name" autoComplete="name" value={form.name} onChange={set('name')} />
            {errorText('name')}
          </Field.Root>
          <Field.Root {...field('email')} required>
            <Field.Label>E-mailadres</Field.Label>
            <Input data-field="email" name="email" type="email" autoComplete="email" placeholder="jij@voorbeeld.nl" value={form.email} onChange={set('email')} />
            {errorText('email')}
          </Field.Root>
        </SimpleGrid>
        <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
          <Field.Root {...field('phone')} required={quote}>
            <Field.Label>
              Telefoonnummer
              {!quote && (
                <Text as="span" color="fg.muted" fontWeight="normal">
                  {' '}
                  (optioneel)
                </Text>
              )}
            </Field.Label>
            <Input data-field="phone" name="phone" type="tel" autoComplete="tel" placeholder="06 12345678" value={form.phone} onChange={set('phone')} />
            {errorText('phone')}
          </Field.Root>
          {!quote && (
            <Field.Root {...field('subject')}>
              <Field.Label>
                Onderwerp{' '}
                <Text as="span" color="fg.muted" fontWeight="normal">
                  (optioneel)
                </Text>
              </Field.Label>
              <Input data-field="subject" name="subject" autoComplete="off" placeholder="Bijvoorbeeld: vraag over mijn boeking" value={form.subject} onChange={set('subject')} />
              {errorText('subject')}
            </Field.Root>
          )}
        </SimpleGrid>
        <Field.Root {...field('message')} required={!quote}>
          <Field.Label>
            {quote ? 'Toelichting' : 'Je bericht'}
            {quote && (
              <Text as="span" color="fg.muted" fontWeight="normal">
                {' '}
                (optioneel)
              </Text>
            )}
          </Field.Label>
          <Textarea
            recipe={textareaRecipe}
            data-field="message"
            name="message"
            rows={5}
            placeholder={quote ? 'Binnen of buiten, stroomvoorziening, tijden, wensen voor de sfeer…' : 'Waar kunnen we je mee helpen?'}
            value={form.message}
            onChange={set('message')}
          />
          {errorText('message')}
        </Field.Root>
        {/* Honeypot: hidden from people and screen readers; bots that fill every field are ignored. */}
        <Box position="absolute" left="-10000px" top="auto" w="1px" h="1px" overflow="hidden" aria-hidden="true">
          <label>
            Website
            <input name="website" tabIndex={-1} autoComplete="off" value={website} onChange={(event) => setWebsite(event.target.value)} />
          </label>
        </Box>
        {formError && (
          <Text id={`${id}-error`} role="alert" color="red.700" bg="red.50" borderWidth="1px" borderColor="red.200" rounded="lg" px="4" py="3">
            {formError}
          </Text>
        )}
        <Box>
          <Button type="submit" colorPalette="brand" rounded="full" size="lg" loading={busy} loadingText="Versturen...">
            {quote ? 'Offerte aanvragen' : 'Bericht versturen'}
          </Button>
          <Text mt="3" fontSize="sm" color="fg.muted">
            We gebruiken je gegevens alleen om je vraag te beantwoorden. Lees ons{' '}
            <Box asChild color="brand.700" textDecoration="underline">
              <a href="/privacy">privacybeleid</a>
            </Box>
            .
          </Text>
        </Box>
      </Stack>
    </form>
  );
}
