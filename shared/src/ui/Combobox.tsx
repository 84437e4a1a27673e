// A text input with a list of suggestions, following the ARIA combobox pattern: arrow keys move
// through the options, Enter picks the highlighted one (or submits the text), Escape closes the
// list; screen readers hear the highlighted option through aria-activedescendant.
import { Box, Input, Spinner, Text, VisuallyHidden } from '@chakra-ui/react';
import { useEffect, useId, useState, type ReactNode } from 'react';

export interface ComboboxOption {
  key: string;
  label: string;
  detail?: string;
  /** A group heading shown before the first option of a group ("Artiesten", "Genres", "Plaatsen"). */
  group?: string;
}

export interface ComboboxProps<T extends ComboboxOption> {
  label: string;
  value: string;
  onValueChange: (value: string) => void;
  options: readonly T[];
  onSelect: (option: T) => void;
  /** Enter without a highlighted option. */
  onSubmitText?: (text: string) => void;
  loading?: boolean;
  /** Shown in the list when the text is long enough but nothing matched. */
  emptyText?: string;
  /** Whether the text is long enough to suggest anything. */
  active: boolean;
  placeholder?: string;
  startElement?: ReactNode;
  size?: 'md' | 'lg';
  name?: string;
  /** The longest text the box takes. */
  maxLength?: number;
  testId?: string;
}

export function useDebouncedValue<T>(value: T, delayMs = 250): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  return debounced;
}

export function Combobox<T extends ComboboxOption>(props: ComboboxProps<T>) {
  const { label, value, onValueChange, options, onSelect, onSubmitText, loading = false, emptyText, active, placeholder, startElement, size = 'md', name, maxLength, testId } = props;
  const id = useId();
  const listId = `${id}-list`;
  const [open, setOpen] = useState(false);
  const [highlight, setHighlight] = useState(-1);
  // New suggestions: nothing highlighted until the arrow keys say so.
  const optionKeys = options.map((option) => option.key).join('\n');
  const [seenKeys, setSeenKeys] = useState(optionKeys);
  if (seenKeys !== optionKeys) {
    setSeenKeys(optionKeys);
    setHighlight(-1);
  }
  const showList = open && active && (options.length > 0 || (!loading && !!emptyText));
  const optionId = (index: number) => `${id}-option-${index}`;

  const choose = (option: T) => {
    setOpen(false);
    setHighlight(-1);
    onSelect(option);
  };

  return (
    <Box position="relative" w="full">
      <VisuallyHidden asChild>
        <label htmlFor={`${id}-input`}>{label}</label>
      </VisuallyHidden>
      {startElement && (
        <Box position="absolute" insetStart="3" top="50%" transform="translateY(-50%)" color="fg.muted" pointerEvents="none" zIndex="1">
          {startElement}
        </Box>
      )}
      <Input
        id={`${id}-input`}
        name={name}
        maxLength={maxLength}
        type="search"
        role="combobox"
        autoComplete="off"
        aria-autocomplete="list"
        aria-expanded={showList}
        aria-controls={listId}
        aria-activedescendant={showList && highlight >= 0 ? optionId(highlight) : undefined}
        placeholder={placeholder}
        value={value}
        size={size}
        bg="white"
        rounded="full"
        ps={startElement ? '10' : undefined}
        pe={loading ? '10' : undefined}
        data-testid={testId}
        onChange={(event) => {
          onValueChange(event.target.value);
          setOpen(true);
        }}
        onFocus={() => setOpen(true)}
        onBlur={() => setOpen(false)}
        onKeyDown={(event) => {
          if (event.key === 'ArrowDown') {
            event.preventDefault();
            setOpen(true);
            setHighlight((current) => (options.length === 0 ? -1 : (current + 1) % options.length));
          } else if (event.key === 'ArrowUp') {
            event.preventDefault();
            setHighlight((current) => (options.length === 0 ? -1 : current <= 0 ? options.length - 1 : current - 1));
          } else if (event.key === 'Enter') {
            const option = showList && highlight >= 0 ? options[highlight] : undefined;
            if (option) {
              event.preventDefault();
              choose(option);
            } else if (onSubmitText) {
              event.preventDefault();
              setOpen(false);
              onSubmitText(value);
            }
          } else if (event.key === 'Escape') {
            if (showList) {
              event.preventDefault();
              setOpen(false);
            }
          }
        }}
      />
      {loading && open && active && (
        <Box position="absolute" insetEnd="3" top="50%" transform="translateY(-50%)" color="fg.muted">
          <Spinner size="sm" />
        </Box>
      )}
      <Box
        as="ul"
        id={listId}
        role="listbox"
        aria-label={label}
        hidden={!showList}
        position="absolute"
        top="calc(100% + 6px)"
        insetX="0"
        zIndex="20"
        bg="white"
        rounded="xl"
        borderWidth="1px"
        shadow="lg"
        py="2"
        m="0"
        listStyleType="none"
        maxH="80"
        overflowY="auto"
      >
        {options.length === 0 && emptyText ? (
          <Box as="li" role="presentation" px="4" py="2">
            <Text color="fg.muted" fontSize="sm">
              {emptyText}
            </Text>
          </Box>
        ) : (
          options.map((option, index) => (
            <Box as="li" key={option.key} role="presentation">
              {option.group && options[index - 1]?.group !== option.group && (
                <Text px="4" pt={index === 0 ? '1' : '3'} pb="1" fontSize="xs" fontWeight="700" textTransform="uppercase" letterSpacing="0.08em" color="fg.muted" aria-hidden="true">
                  {option.group}
                </Text>
              )}
              <Box
                id={optionId(index)}
                role="option"
                aria-selected={highlight === index}
                px="4"
                py="2"
                cursor="pointer"
                bg={highlight === index ? 'brand.50' : undefined}
                _hover={{ bg: 'brand.50' }}
                onMouseDown={(event) => event.preventDefault()}
                onMouseEnter={() => setHighlight(index)}
                onClick={() => choose(option)}
              >
                <Text fontWeight="600" lineClamp={1}>
                  {option.label}
                </Text>
                {option.detail && (
                  <Text fontSize="sm" color="fg.muted" lineClamp={1}>
                    {option.detail}
                  </Text>
                )}
              </Box>
            </Box>
          ))
        )}
      </Box>
    </Box>
  );
}
