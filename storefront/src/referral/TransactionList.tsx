// The user's BANDS ledger on the dashboard: newest first, a page at a time (SPEC 7.2's row
// ranges), each entry with its Dutch name, when, the amount in or out, and the booking it was
// spent on or came back from (a link to that booking in 'Mijn boekingen').
import { Box, Button, Link as ChakraLink, Stack, Text } from '@chakra-ui/react';
import { dutchDateOfMoment, dutchDateTime, dutchInteger } from '@podium/shared/dutch';
import { bandsTransactionLabel, isBandsTransactionType, transactionPageCount } from '@podium/shared/referral';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { LoadError, SkeletonBlock } from '@podium/shared/ui/LoadState';
import { Pager } from '../content/Pager.tsx';
import { SectionCard } from '../content/SectionCard.tsx';
import { privateQueryOptions } from '../data/private-query.ts';
import { bandsTransactionsQuery, type BandsTransaction } from '../data/referral.ts';
import { ClockIcon } from '@podium/shared/ui/icons';
import { signedBands, transactionBookingVerb } from './bands-display.ts';

export const transactionsPageSize = 10;

export function TransactionList({ page, href }: { page: number; href: (page: number) => string }) {
  const transactions = useQuery({ ...privateQueryOptions(bandsTransactionsQuery(page, transactionsPageSize)), placeholderData: keepPreviousData });
  const data = transactions.data;
  const pageCount = data ? transactionPageCount(data.total, transactionsPageSize) : 1;
  return (
    <SectionCard title="Transacties" icon={<ClockIcon size={20} />} labelledBy="bands-transactions">
      {transactions.isPending ? (
        <SkeletonBlock h="16rem" />
      ) : !data ? (
        <LoadError subject="Je transacties" plural={true} onRetry={() => void transactions.refetch()} />
      ) : data.total === 0 ? (
        <Stack gap="2" data-testid="transactions-empty">
          <Text fontWeight="600">Nog geen transacties.</Text>
          <Text color="fg.muted">
            Hier zie je straks elke bonus die je krijgt, wat je bij een boeking besteedt en wat terugkomt als een boeking niet doorgaat. Deel je link hierboven om je eerste BANDS te verdienen.
          </Text>
        </Stack>
      ) : data.rows.length === 0 ? (
        <Stack gap="3" align="flex-start">
          <Text>Pagina {page} bestaat niet: zoveel transacties heb je (nog) niet.</Text>
          <Button asChild size="sm" rounded="full" variant="outline">
            <Link to={href(1)} preventScrollReset>
              Naar de nieuwste transacties
            </Link>
          </Button>
        </Stack>
      ) : (
        <>
          <Box as="ul" listStyleType="none" m="0" p="0" aria-busy={transactions.isPlaceholderData} data-testid="transactions">
            {data.rows.map((entry) => (
              <TransactionRow key={entry.id} entry={entry} />
            ))}
          </Box>
          <Pager
            page={page}
            pageCount={pageCount}
            href={href}
            label="Pagina's met transacties"
            keepScroll
            summary={`${dutchInteger(data.total)} ${data.total === 1 ? 'transactie' : 'transacties'}${pageCount > 1 ? ` · pagina ${page} van ${pageCount}` : ''}`}
          />
        </>
      )}
    </SectionCard>
  );
}

function TransactionRow({ entry }: { entry: BandsTransaction }) {
  const incoming = entry.amount_cents > 0;
  return (
    <Box
      as="li"
      display="grid"
      gridTemplateColumns="1fr auto"
      rowGap="1"
      columnGap="4"
      py="3.5"
      borderTopWidth="1px"
      borderColor="ink.100"
      _first={{ borderTopWidth: '0', pt: '0' }}
      data-testid="transaction"
    >
      <Stack gap="0.5" minW="0">
        <Text fontWeight="600" data-testid="transaction-label">
          {bandsTransactionLabel(entry.type)}
        </Text>
        <Text fontSize="sm" color="fg.muted">
          <time dateTime={entry.created_at}>{dutchDateOfMoment(entry.created_at)}</time>
          {entry.type === 'admin_adjustment' && entry.reason ? ` · ${entry.reason}` : ''}
        </Text>
        <BookingLine entry={entry} />
      </Stack>
      <Text fontWeight="700" whiteSpace="nowrap" color={incoming ? 'green.700' : 'ink.800'} data-testid="transaction-amount">
        {signedBands(entry.amount_cents)}
      </Text>
    </Box>
  );
}

/** The booking an entry belongs to: a link when it is the user's own; a friend's booking stays unnamed. */
function BookingLine({ entry }: { entry: BandsTransaction }) {
  if (entry.type === 'referral_bonus' || entry.type === 'referral_reversal') {
    return (
      <Text fontSize="sm" color="fg.muted">
        {entry.type === 'referral_bonus' ? 'Voor het eerste optreden van iemand die je uitnodigde' : 'Het optreden van iemand die je uitnodigde is terugbetaald'}
      </Text>
    );
  }
  if (!entry.booking_id) return null;
  const verb = isBandsTransactionType(entry.type) ? transactionBookingVerb[entry.type] : 'Bij';
  const booking = entry.booking;
  if (!booking) {
    return (
      <Text fontSize="sm" color="fg.muted">
        {verb} een boeking
      </Text>
    );
  }
  const name = booking.artist?.name ?? 'Artiest';
  return (
    <Text fontSize="sm" color="fg.muted">
      {verb}{' '}
      <ChakraLink asChild color="brand.700" fontWeight="600">
        <Link to={`/bookings?booking=${booking.id}`} data-testid="transaction-booking">
          {name}, {dutchDateTime(booking.starts_at)}
        </Link>
      </ChakraLink>
    </Text>
  );
}
