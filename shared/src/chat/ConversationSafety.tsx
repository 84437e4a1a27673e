// 'Melden' and 'Blokkeren' in a thread's header, each behind a confirmation, and what takes the
// composer's place once the act's owner has blocked the customer. Either side may report the
// conversation to the team; only the artist blocks (the database holds both rules).
import { Box, Button, Field, HStack, Text, Textarea } from '@chakra-ui/react';
import { chatReportDetailsMaxLength, chatReportReasonLabels, chatReportReasons, isChatReportReason } from '../chat-safety.ts';
import { fieldRecipe } from '../theme-recipes.ts';
import { ConfirmDialog } from '../ui/ConfirmDialog.tsx';
import { toast } from '../toast.ts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { NativeSelect } from '../ui/NativeSelect.tsx';
import { conversationBlockQuery, reportConversation, setConversationBlocked } from './chat-data.ts';
import { useChatServices } from './chat-services.tsx';

type Role = 'customer' | 'artist';

function useBlocking(conversationId: string) {
  const queryClient = useQueryClient();
  const { loadClient } = useChatServices();
  return useMutation({
    mutationFn: async (blocked: boolean) => setConversationBlocked(await loadClient(), conversationId, blocked),
    onSettled: () => queryClient.invalidateQueries({ queryKey: conversationBlockQuery(conversationId).queryKey }),
  });
}

export function SafetyActions({ conversationId, myRole, otherName, blocked }: { conversationId: string; myRole: Role; otherName: string; blocked: boolean }) {
  const [open, setOpen] = useState<'report' | 'block' | null>(null);
  return (
    <HStack gap="1" flexShrink={0}>
      <Button size="xs" variant="ghost" rounded="full" onClick={() => setOpen('report')}>
        Melden
      </Button>
      {myRole === 'artist' && !blocked && (
        <Button size="xs" variant="ghost" rounded="full" colorPalette="red" onClick={() => setOpen('block')}>
          Blokkeren
        </Button>
      )}
      {open === 'report' && <ReportDialog conversationId={conversationId} otherName={otherName} onClose={() => setOpen(null)} />}
      {open === 'block' && <BlockDialog conversationId={conversationId} otherName={otherName} onClose={() => setOpen(null)} />}
    </HStack>
  );
}

/** In place of the composer in a blocked conversation. */
export function BlockedNote({ conversationId, myRole, otherName }: { conversationId: string; myRole: Role; otherName: string }) {
  const unblock = useBlocking(conversationId);
  return (
    <Box borderTopWidth="1px" px={{ base: '3', md: '4' }} py="4" bg="white" data-testid="conversation-blocked">
      {myRole === 'artist' ? (
        <HStack justify="space-between" gap="3" flexWrap="wrap">
          <Text fontSize="sm" color="fg.muted">
            Je hebt {otherName} geblokkeerd. Jullie kunnen elkaar geen berichten meer sturen.
          </Text>
          <Button size="sm" variant="outline" rounded="full" loading={unblock.isPending} onClick={() => unblock.mutate(false)}>
            Deblokkeren
          </Button>
        </HStack>
      ) : (
        <Text fontSize="sm" color="fg.muted">
          Je kunt {otherName} geen berichten meer sturen.
        </Text>
      )}
      {unblock.error && (
        <Text role="alert" color="red.700" fontSize="sm" mt="2">
          {unblock.error.message}
        </Text>
      )}
    </Box>
  );
}

function BlockDialog({ conversationId, otherName, onClose }: { conversationId: string; otherName: string; onClose: () => void }) {
  const block = useBlocking(conversationId);
  const confirm = () =>
    block.mutate(true, {
      onSuccess: () => {
        onClose();
        toast({ title: `${otherName} is geblokkeerd.` });
      },
    });
  return (
    <ConfirmDialog
      title={`${otherName} blokkeren?`}
      description={`${otherName} kan je dan geen berichten meer sturen en geen nieuw gesprek met je beginnen, en je krijgt geen e-mails meer over hun berichten. Je kunt dit later ongedaan maken.`}
      busy={block.isPending}
      problem={block.error?.message ?? null}
      onClose={onClose}
      onSubmit={confirm}
      submitLabel="Blokkeren"
      testId="block-dialog"
    />
  );
}

function ReportDialog({ conversationId, otherName, onClose }: { conversationId: string; otherName: string; onClose: () => void }) {
  const id = useId();
  const [reason, setReason] = useState('');
  const [details, setDetails] = useState('');
  const [missing, setMissing] = useState(false);
  const { loadClient } = useChatServices();
  const report = useMutation({
    mutationFn: async () => {
      if (!isChatReportReason(reason)) throw new Error('Kies een reden voor je melding.');
      await reportConversation(await loadClient(), { conversationId, reason, details });
    },
    onSuccess: () => {
      onClose();
      toast({ title: 'Bedankt, je melding is verstuurd naar het Podium-team.' });
    },
  });
  const submit = () => {
    setMissing(!isChatReportReason(reason));
    if (isChatReportReason(reason)) report.mutate();
  };
  return (
    <ConfirmDialog
      title="Gesprek melden"
      description={`Het Podium-team bekijkt je melding en grijpt in als dat nodig is. ${otherName} ziet niet dat je het gesprek hebt gemeld.`}
      busy={report.isPending}
      problem={report.error?.message ?? null}
      onClose={onClose}
      onSubmit={submit}
      submitLabel="Melding versturen"
      testId="report-dialog"
    >
      <Field.Root recipe={fieldRecipe} invalid={missing}>
        <Field.Label htmlFor={`${id}-reason`}>Reden</Field.Label>
        <NativeSelect id={`${id}-reason`} value={reason} onChange={setReason}>
          <option value="" disabled>
            Kies een reden
          </option>
          {chatReportReasons.map((value) => (
            <option key={value} value={value}>
              {chatReportReasonLabels[value]}
            </option>
          ))}
        </NativeSelect>
        {missing && <Field.ErrorText>Kies een reden voor je melding.</Field.ErrorText>}
      </Field.Root>
      <Field.Root recipe={fieldRecipe}>
        <Field.Label htmlFor={`${id}-details`}>Toelichting (niet verplicht)</Field.Label>
        <Textarea id={`${id}-details`} value={details} onChange={(event) => setDetails(event.target.value)} maxLength={chatReportDetailsMaxLength} rows={3} resize="none" />
      </Field.Root>
    </ConfirmDialog>
  );
}
