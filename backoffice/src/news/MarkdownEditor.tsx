// A Markdown editor with a formatting bar and a live preview. Loaded lazily: only the news
// screens need marked and DOMPurify.
import { useRef, useState } from 'react';
import { Box, Button, ButtonGroup, Tab, Tabs, TextField, Typography } from '@mui/material';
import { useInput } from 'react-admin';
import { renderMarkdown } from './markdown.ts';

const TOOLS: { label: string; title: string; before: string; after: string }[] = [
  { label: 'B', title: 'Vet', before: '**', after: '**' },
  { label: 'I', title: 'Cursief', before: '_', after: '_' },
  { label: 'H2', title: 'Kop', before: '\n## ', after: '' },
  { label: '• Lijst', title: 'Opsomming', before: '\n- ', after: '' },
  { label: 'Link', title: 'Link', before: '[', after: '](https://)' },
  { label: '“ Citaat', title: 'Citaat', before: '\n> ', after: '' },
];

export default function MarkdownEditor({ source, label }: { source: string; label: string }) {
  const { field } = useInput({ source });
  const [tab, setTab] = useState<'write' | 'preview'>('write');
  const area = useRef<HTMLTextAreaElement>(null);
  const value = (field.value as string | null) ?? '';

  const wrap = (before: string, after: string) => {
    const element = area.current;
    const start = element?.selectionStart ?? value.length;
    const end = element?.selectionEnd ?? value.length;
    field.onChange(value.slice(0, start) + before + value.slice(start, end) + after + value.slice(end));
    requestAnimationFrame(() => {
      element?.focus();
      element?.setSelectionRange(start + before.length, end + before.length);
    });
  };

  return (
    <Box sx={{ width: '100%', mb: 2 }}>
      <Tabs value={tab} onChange={(_, next: 'write' | 'preview') => setTab(next)}>
        <Tab value="write" label="Schrijven" />
        <Tab value="preview" label="Voorbeeld" />
      </Tabs>
      {tab === 'write' ? (
        <>
          <ButtonGroup size="small" sx={{ my: 1 }} aria-label="Opmaak">
            {TOOLS.map((tool) => (
              <Button key={tool.title} title={tool.title} onClick={() => wrap(tool.before, tool.after)}>
                {tool.label}
              </Button>
            ))}
          </ButtonGroup>
          <TextField
            inputRef={area}
            label={label}
            value={value}
            onChange={(event) => field.onChange(event.target.value)}
            onBlur={field.onBlur}
            multiline
            minRows={12}
            fullWidth
            helperText="Markdown: **vet**, _cursief_, ## kop, - lijst, [link](https://...)"
          />
        </>
      ) : (
        <Box sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 2, minHeight: 240 }} data-testid="markdown-preview">
          {value.trim() ? <div dangerouslySetInnerHTML={{ __html: renderMarkdown(value) }} /> : <Typography color="text.secondary">Nog geen tekst.</Typography>}
        </Box>
      )}
    </Box>
  );
}
