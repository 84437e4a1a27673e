// Dutch numbers and dates: written once, beside the edge functions that print them in mails and
// PDFs too (they cannot import from the apps' packages).
export * from '../../supabase/functions/_shared/dutch.ts';
