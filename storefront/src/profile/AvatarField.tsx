// 'Profielfoto' on 'Profiel bewerken': choose a photo (refused at once when it is no image or
// over 5 MB: nothing is uploaded), crop it square in the dialog (loaded on first use), watch it
// upload, or remove the current one. The header's avatar follows once it is saved.
import { Box, Button, HStack, Stack, Text } from '@chakra-ui/react';
import { toast } from '@podium/shared/toast';
import { lazy, Suspense, useId, useRef, useState, type ChangeEvent } from 'react';
import { loadPrivateClient } from '../data/private-query.ts';
import { removeAvatar, uploadAvatar } from '../data/profile.ts';
import { UserAvatar } from '../layout/UserAvatar.tsx';
import { avatarFileProblem, avatarLimits } from './profile-form.ts';
import { useProfileRefresh } from './use-profile-refresh.ts';

const loadCropDialog = () => import('./AvatarCropDialog.tsx');
const AvatarCropDialog = lazy(loadCropDialog);

export function AvatarField({ avatarPath, initials }: { avatarPath: string | null; initials: string }) {
  const id = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const refresh = useProfileRefresh();
  const [chosen, setChosen] = useState<string | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [removing, setRemoving] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const busy = progress !== null || removing;

  const choose = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    // Cleared, so choosing the same file again still counts as a choice.
    event.target.value = '';
    if (!file) return;
    const refusal = avatarFileProblem(file);
    setProblem(refusal);
    if (!refusal) setChosen(URL.createObjectURL(file));
  };

  const closeCrop = () => {
    if (chosen) URL.revokeObjectURL(chosen);
    setChosen(null);
  };

  const upload = async (photo: Blob) => {
    closeCrop();
    setProgress(0);
    try {
      await uploadAvatar(await loadPrivateClient(), photo, avatarPath, setProgress).done;
      toast({ title: 'Je profielfoto is opgeslagen.' });
      await refresh();
    } catch (error) {
      setProblem(error instanceof Error ? error.message : 'Je foto kon niet worden opgeslagen. Probeer het opnieuw.');
    } finally {
      setProgress(null);
    }
  };

  const remove = async () => {
    setRemoving(true);
    setProblem(null);
    try {
      const refusal = await removeAvatar(await loadPrivateClient(), avatarPath);
      if (refusal) return setProblem(refusal);
      toast({ title: 'Je profielfoto is verwijderd.' });
      await refresh();
    } finally {
      setRemoving(false);
    }
  };

  const percent = progress === null ? 0 : Math.round(progress * 100);
  return (
    <Stack direction={{ base: 'column', sm: 'row' }} gap={{ base: '4', sm: '6' }} align={{ base: 'flex-start', sm: 'center' }}>
      <UserAvatar path={avatarPath} initials={initials} size={112} />
      <Stack gap="3" flex="1" minW="0">
        <input
          ref={inputRef}
          type="file"
          accept={avatarLimits.types.join(',')}
          onChange={choose}
          data-testid="avatar-input"
          // Opened by the button below, which says what it does; hidden from everyone else.
          hidden
        />
        <HStack gap="3" flexWrap="wrap">
          <Button
            colorPalette="brand"
            rounded="full"
            size="sm"
            disabled={busy}
            aria-describedby={`${id}-hint${problem ? ` ${id}-problem` : ''}`}
            onPointerEnter={() => void loadCropDialog()}
            onFocus={() => void loadCropDialog()}
            onClick={() => inputRef.current?.click()}
          >
            {avatarPath ? 'Andere foto kiezen' : 'Foto kiezen'}
          </Button>
          {avatarPath && (
            <Button variant="outline" colorPalette="red" rounded="full" size="sm" loading={removing} disabled={busy} onClick={() => void remove()}>
              Foto verwijderen
            </Button>
          )}
        </HStack>
        <Text id={`${id}-hint`} fontSize="sm" color="fg.muted">
          JPG, PNG, WebP of AVIF, hoogstens {avatarLimits.maxBytes / 1024 / 1024} MB. Daarna kies je het vierkant dat je wilt laten zien.
        </Text>
        {progress !== null && (
          <Stack gap="1" role="status">
            <Text fontSize="sm">Foto uploaden… {percent}%</Text>
            <Box h="2" bg="ink.100" rounded="full" overflow="hidden" role="progressbar" aria-label="Foto uploaden" aria-valuemin={0} aria-valuemax={100} aria-valuenow={percent}>
              <Box h="full" bg="brand.500" w={`${percent}%`} transition="width 0.2s" />
            </Box>
          </Stack>
        )}
        {problem && (
          <Text id={`${id}-problem`} role="alert" color="red.700" fontSize="sm" data-testid="avatar-problem">
            {problem}
          </Text>
        )}
      </Stack>
      {chosen && (
        <Suspense fallback={null}>
          <AvatarCropDialog src={chosen} onCropped={(photo) => void upload(photo)} onCancel={closeCrop} />
        </Suspense>
      )}
    </Stack>
  );
}
