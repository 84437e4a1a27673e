import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { chatReportDetailsMaxLength, chatReportReasonLabels, chatReportReasons, isChatReportReason } from './chat-safety.ts';

const migration = readFileSync(new URL('../../supabase/migrations/20261128000300_chat_limits.sql', import.meta.url), 'utf8');

describe('chat report reasons', () => {
  it('are the ones the database accepts, each with a Dutch label', () => {
    const checked = /reason text not null check \(reason in \(([^)]*)\)\)/.exec(migration)?.[1];
    expect(checked?.split(',').map((reason) => reason.trim().replace(/'/g, ''))).toEqual([...chatReportReasons]);
    expect(Object.keys(chatReportReasonLabels)).toEqual([...chatReportReasons]);
    expect(migration).toContain(`char_length(details) <= ${chatReportDetailsMaxLength}`);
  });

  it('knows a reason from anything else', () => {
    expect(isChatReportReason('spam')).toBe(true);
    expect(isChatReportReason('Spam')).toBe(false);
    expect(isChatReportReason(undefined)).toBe(false);
  });
});
