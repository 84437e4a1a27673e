// The slot recipes of the shared theme's overlay and form parts (dialogs, drawers, menus,
// popovers, tabs, checkboxes, switches, fields). They are not registered in podiumSystem: the
// components that use them load on first use and pass the recipe themselves
// (`<Dialog.Root recipe={dialogRecipe}>`), so the first page load does not carry them.
export {
  checkboxSlotRecipe as checkboxRecipe,
  dialogSlotRecipe as dialogRecipe,
  drawerSlotRecipe as drawerRecipe,
  fieldSlotRecipe as fieldRecipe,
  menuSlotRecipe as menuRecipe,
  popoverSlotRecipe as popoverRecipe,
  switchSlotRecipe as switchRecipe,
  tabsSlotRecipe as tabsRecipe,
} from '@chakra-ui/react/theme';
