// Article bodies are Markdown; this renders them to safe HTML for the preview (loaded lazily
// with the editor).
import DOMPurify from 'dompurify';
import { marked } from 'marked';

export function renderMarkdown(source: string): string {
  return DOMPurify.sanitize(marked.parse(source ?? '', { async: false, gfm: true, breaks: true }));
}
