import { tabsRecipe } from '@podium/shared/theme-recipes';
import { Tabs } from '@chakra-ui/react';
import type { AccountRole } from '../app/app-context.tsx';

/** The role tabs of the login and signup dialogs (SPEC 2.5 'role tab', 6). */
export function RoleTabs({ value, onChange }: { value: AccountRole; onChange: (role: AccountRole) => void }) {
  return (
    <Tabs.Root recipe={tabsRecipe} value={value} onValueChange={(details) => onChange(details.value as AccountRole)} variant="enclosed" fitted size="sm">
      <Tabs.List w="full" rounded="full" p="1">
        <Tabs.Trigger value="customer" rounded="full">
          Klant
        </Tabs.Trigger>
        <Tabs.Trigger value="artist" rounded="full">
          Artiest
        </Tabs.Trigger>
      </Tabs.List>
    </Tabs.Root>
  );
}
