-- The back office's 'Meldingen': every report of a conversation, with who reported whom about
-- which act and whether the act has blocked the customer since; admins only (security invoker:
-- chat_reports' own policies decide, and the view adds is_admin() for the joined names).
create view public.admin_chat_reports with (security_invoker = true) as
select
  r.id,
  r.conversation_id,
  r.reason,
  r.details,
  r.status,
  r.handled_at,
  r.created_at,
  r.reporter_id,
  coalesce(nullif(trim(reporter.first_name || ' ' || reporter.last_name), ''), reporter.email) as reporter_name,
  r.reported_id,
  coalesce(nullif(trim(reported.first_name || ' ' || reported.last_name), ''), reported.email) as reported_name,
  a.name as artist_name,
  c.blocked_at
from public.chat_reports r
join public.chat_conversations c on c.id = r.conversation_id
join public.artists a on a.id = c.artist_id
left join public.profiles reporter on reporter.id = r.reporter_id
left join public.profiles reported on reported.id = r.reported_id
where (select public.is_admin());
comment on view public.admin_chat_reports is 'Back office: reports of conversations with names; admins only.';

revoke all on public.admin_chat_reports from anon, authenticated;
grant select on public.admin_chat_reports to authenticated;
