// A form field in error reads red (SPEC 9: bad input gets a clear message): Field.ErrorText and an
// invalid input's border take fg.error and border.error, which the slim theme must define, or
// the message shows in the body colour and the border stays beige.
import { ChakraProvider, Field, Input } from '@chakra-ui/react';
import { themeGlobalCss } from '@podium/shared/theme-global-css';
import { fieldRecipe } from '@podium/shared/theme-recipes';
import { podiumSystem } from '@podium/shared/theme';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

/** The CSS emotion wrote into the document for the rendered components. */
const insertedCss = () =>
  Array.from(document.querySelectorAll('style'))
    .map((style) => (style.sheet ? Array.from(style.sheet.cssRules, (rule) => rule.cssText).join('\n') : (style.textContent ?? '')))
    .join('\n');

/** The value a CSS variable gets in the theme's global CSS. */
const variable = (name: string) => new RegExp(`${name}:([^;]+);`).exec(themeGlobalCss)?.[1];

describe('a field in error', () => {
  it('shows its message and its border in the theme’s red', () => {
    render(
      <ChakraProvider value={podiumSystem}>
        <Field.Root invalid recipe={fieldRecipe}>
          <Field.Label>E-mailadres</Field.Label>
          <Input defaultValue="klaas@" />
          <Field.ErrorText>Vul een geldig e-mailadres in.</Field.ErrorText>
        </Field.Root>
      </ChakraProvider>,
    );
    expect(screen.getByText('Vul een geldig e-mailadres in.')).toBeTruthy();
    const css = insertedCss();
    expect(css).toContain('var(--chakra-colors-fg-error)');
    expect(css).toContain('var(--chakra-colors-border-error)');
    // Defined, and red: without the tokens Chakra writes the variable but nothing sets it.
    expect(variable('--chakra-colors-fg-error')).toBe('var(--chakra-colors-red-700)');
    expect(variable('--chakra-colors-border-error')).toBe('var(--chakra-colors-red-600)');
    expect(variable('--chakra-colors-red-700')).toMatch(/^#/);
  });
});
