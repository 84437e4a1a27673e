import { renderMarkdown } from './markdown.ts';

export default function MarkdownBody({ source }: { source: string }) {
  return <div className="article-body" dangerouslySetInnerHTML={{ __html: renderMarkdown(source) }} />;
}
