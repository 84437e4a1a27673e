// The composer under a thread: Enter sends, Shift+Enter is a new line; an empty or too long
// message is refused in Dutch before anything is sent. Memoised with stable handlers, so a
// message arriving does not re-render it (nor what the reader is typing).
import { Box, Button, chakra, HStack, Text, Textarea } from '@chakra-ui/react';
import { textareaRecipe } from '@chakra-ui/react/theme';
import { memo, useId, useState, type FormEvent, type KeyboardEvent } from 'react';
import { messageMaxLength, messageProblem } from './chat-data.ts';

const StyledTextarea = chakra(Textarea, textareaRecipe);

export const Composer = memo(function Composer({ onSend, onTyping, otherName }: { onSend: (text: string) => void; onTyping: () => void; otherName: string }) {
  const id = useId();
  const [text, setText] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const submit = (event?: FormEvent) => {
    event?.preventDefault();
    const refusal = messageProblem(text);
    setProblem(refusal);
    if (refusal) return;
    onSend(text);
    setText('');
  };
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      submit();
    }
  };
  return (
    <Box asChild borderTopWidth="1px" px={{ base: '3', md: '4' }} py="3" bg="white">
      <form onSubmit={submit} noValidate aria-label={`Bericht aan ${otherName}`}>
        <Box asChild srOnly>
          <label htmlFor={id}>Bericht aan {otherName}</label>
        </Box>
        <HStack align="flex-end" gap="2">
          <StyledTextarea
            id={id}
            value={text}
            onChange={(event) => {
              setText(event.target.value);
              onTyping();
            }}
            onKeyDown={onKeyDown}
            placeholder="Schrijf een bericht…"
            rows={2}
            maxLength={messageMaxLength + 1}
            autoFocus
            resize="none"
            bg="white"
            aria-invalid={problem ? true : undefined}
            aria-describedby={problem ? `${id}-problem` : undefined}
          />
          <Button type="submit" colorPalette="brand" rounded="full">
            Versturen
          </Button>
        </HStack>
        <Text fontSize="xs" color="fg.muted" mt="1" hideBelow="md">
          Enter verstuurt, Shift+Enter is een nieuwe regel.
        </Text>
        {problem && (
          <Text id={`${id}-problem`} role="alert" color="red.700" fontSize="sm" mt="1">
            {problem}
          </Text>
        )}
      </form>
    </Box>
  );
});
