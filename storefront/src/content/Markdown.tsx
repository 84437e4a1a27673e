// News bodies are markdown (the back office's editor writes it). Rendered here into React
// elements, never into an HTML string: whatever an article contains ends up as text, and links
// keep only http(s), mailto and site-relative targets. Supports what the editor offers:
// headings, paragraphs, bullet and numbered lists, quotes, bold, italic, code and links.
import { Box, Heading, Link as ChakraLink, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

type Block = { type: 'heading'; level: 2 | 3 | 4; text: string } | { type: 'paragraph'; text: string } | { type: 'quote'; text: string } | { type: 'list'; ordered: boolean; items: string[] };

const listItem = /^\s*(?:[-*+]|(\d+)[.)])\s+(.*)$/;

export function parseMarkdown(source: string): Block[] {
  const blocks: Block[] = [];
  const lines = source.replace(/\r\n?/g, '\n').split('\n');
  let paragraph: string[] = [];
  const flush = () => {
    if (paragraph.length) blocks.push({ type: 'paragraph', text: paragraph.join(' ') });
    paragraph = [];
  };
  for (const line of lines) {
    const trimmed = line.trim();
    if (!trimmed) {
      flush();
      continue;
    }
    const heading = /^(#{1,6})\s+(.*)$/.exec(trimmed);
    if (heading) {
      flush();
      // The article's title is the page's h1: markdown levels start below it.
      const level = Math.min(Math.max(heading[1]!.length, 2), 4) as 2 | 3 | 4;
      blocks.push({ type: 'heading', level, text: heading[2]!.replace(/\s+#+$/, '') });
      continue;
    }
    const item = listItem.exec(line);
    if (item) {
      flush();
      const ordered = item[1] !== undefined;
      const last = blocks.at(-1);
      if (last?.type === 'list' && last.ordered === ordered) last.items.push(item[2]!);
      else blocks.push({ type: 'list', ordered, items: [item[2]!] });
      continue;
    }
    if (trimmed.startsWith('>')) {
      flush();
      const text = trimmed.replace(/^>\s?/, '');
      const last = blocks.at(-1);
      if (last?.type === 'quote') last.text += ` ${text}`;
      else blocks.push({ type: 'quote', text });
      continue;
    }
    // A continuation line of a list item belongs to it.
    const last = blocks.at(-1);
    if (!paragraph.length && last?.type === 'list' && /^\s+/.test(line)) {
      last.items[last.items.length - 1] += ` ${trimmed}`;
      continue;
    }
    paragraph.push(trimmed);
  }
  flush();
  return blocks;
}

/** A link target that cannot run script: http(s), mailto, tel, or a path on this site. */
export function safeHref(href: string): string | null {
  const target = href.trim();
  if (/^\/(?!\/)/.test(target)) return target;
  if (/^(https?:|mailto:|tel:)/i.test(target)) return target;
  return null;
}

const inlinePattern = /\*\*(.+?)\*\*|__(.+?)__|\*(.+?)\*|_(.+?)_|`(.+?)`|\[([^\]]+)\]\(([^)\s]+)\)/g;

export function renderInline(text: string, keyPrefix = 'i'): ReactNode[] {
  const nodes: ReactNode[] = [];
  let last = 0;
  let index = 0;
  for (const match of text.matchAll(inlinePattern)) {
    const start = match.index ?? 0;
    if (start > last) nodes.push(text.slice(last, start));
    const key = `${keyPrefix}-${index++}`;
    const [, bold1, bold2, italic1, italic2, code, linkText, linkHref] = match;
    if (bold1 ?? bold2) nodes.push(<strong key={key}>{renderInline((bold1 ?? bold2)!, key)}</strong>);
    else if (italic1 ?? italic2) nodes.push(<em key={key}>{renderInline((italic1 ?? italic2)!, key)}</em>);
    else if (code) nodes.push(<code key={key}>{code}</code>);
    else if (linkText && linkHref) {
      const href = safeHref(linkHref);
      if (!href) nodes.push(linkText);
      else if (href.startsWith('/'))
        nodes.push(
          <ChakraLink key={key} asChild color="brand.700" textDecoration="underline">
            <Link to={href}>{renderInline(linkText, key)}</Link>
          </ChakraLink>,
        );
      else
        nodes.push(
          <ChakraLink key={key} href={href} color="brand.700" textDecoration="underline" {...(/^https?:/i.test(href) ? { target: '_blank', rel: 'noopener noreferrer nofollow' } : {})}>
            {renderInline(linkText, key)}
          </ChakraLink>,
        );
    }
    last = start + match[0].length;
  }
  if (last < text.length) nodes.push(text.slice(last));
  return nodes;
}

export function Markdown({ source }: { source: string }) {
  return (
    <Box fontSize={{ base: 'md', md: 'lg' }} lineHeight="1.75" color="ink.800" css={{ '& > * + *': { marginTop: '1.1em' } }}>
      {parseMarkdown(source).map((block, index) => {
        const key = `b${index}`;
        switch (block.type) {
          case 'heading':
            return (
              <Heading key={key} as={`h${block.level}`} fontSize={block.level === 2 ? { base: 'xl', md: '2xl' } : 'lg'} fontWeight="800" letterSpacing="-0.01em" pt="2">
                {renderInline(block.text, key)}
              </Heading>
            );
          case 'list':
            return (
              <Box key={key} as={block.ordered ? 'ol' : 'ul'} ps="6" listStyleType={block.ordered ? 'decimal' : 'disc'} css={{ '& > li + li': { marginTop: '0.5em' } }}>
                {block.items.map((item, itemIndex) => (
                  <li key={itemIndex}>{renderInline(item, `${key}-${itemIndex}`)}</li>
                ))}
              </Box>
            );
          case 'quote':
            return (
              <Box key={key} as="blockquote" borderStartWidth="4px" borderColor="brand.400" ps="4" color="ink.700" fontStyle="italic">
                {renderInline(block.text, key)}
              </Box>
            );
          default:
            return <Text key={key}>{renderInline(block.text, key)}</Text>;
        }
      })}
    </Box>
  );
}
