import { Tabs } from '@chakra-ui/react';
import { tabsRecipe } from '@podium/shared/theme-recipes';
import type { ReactNode } from 'react';
import type { AccountRole } from '../app/app-context.tsx';

const roleTabs: { value: AccountRole; label: string }[] = [
  { value: 'customer', label: 'Klant' },
  { value: 'artist', label: 'Artiest' },
];

/**
 * The role tabs of the login and signup dialogs (SPEC 2.5 'role tab', 6). Both tabs show the same
 * form, for the chosen role; each tab has its panel, so every tab controls an element that exists.
 */
export function RoleTabs({ value, onChange, children }: { value: AccountRole; onChange: (role: AccountRole) => void; children: ReactNode }) {
  return (
    <Tabs.Root recipe={tabsRecipe} value={value} onValueChange={(details) => onChange(details.value as AccountRole)} variant="enclosed" fitted size="sm">
      <Tabs.List w="full" rounded="full" p="1" aria-label="Soort account">
        {roleTabs.map((tab) => (
          <Tabs.Trigger key={tab.value} value={tab.value} rounded="full">
            {tab.label}
          </Tabs.Trigger>
        ))}
      </Tabs.List>
      {roleTabs.map((tab) => (
        <Tabs.Content key={tab.value} value={tab.value} pt="4" pb="0">
          {tab.value === value ? children : null}
        </Tabs.Content>
      ))}
    </Tabs.Root>
  );
}
