-- news_articles (SPEC 3, ARCHITECTURE) and contact_requests (the contact page).

create table public.news_articles (
  id uuid primary key default gen_random_uuid(),
  slug text not null unique check (slug ~ '^[a-z0-9]+(-[a-z0-9]+)*$'),
  title text not null check (char_length(trim(title)) between 1 and 200),
  excerpt text not null default '' check (char_length(excerpt) <= 1000),
  body text not null default '',
  cover_path text,
  status text not null default 'draft' check (status in ('draft', 'published', 'archived')),
  published_at timestamptz,
  author_id uuid default auth.uid() references public.profiles (id) on delete set null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index news_articles_published_idx on public.news_articles (published_at desc) where status = 'published';
alter table public.news_articles enable row level security;

create function private.news_before_write() returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if new.status = 'published' and new.published_at is null then
    new.published_at := now();
  end if;
  new.updated_at := now();
  return new;
end
$$;

create trigger news_articles_before_write before insert or update on public.news_articles
  for each row execute function private.news_before_write();
create trigger news_articles_audit after insert or update or delete on public.news_articles
  for each row execute function private.audit_admin_write();

revoke all on public.news_articles from anon, authenticated;
grant select on public.news_articles to anon, authenticated;
grant insert (slug, title, excerpt, body, cover_path, status, published_at),
  update (slug, title, excerpt, body, cover_path, status, published_at), delete
  on public.news_articles to authenticated;

create policy "news_articles: published for everyone" on public.news_articles
  for select to anon, authenticated using (status = 'published' and published_at <= now());
create policy "news_articles: admins read all" on public.news_articles
  for select to authenticated using ((select public.is_admin()));
create policy "news_articles: admins insert" on public.news_articles
  for insert to authenticated with check ((select public.is_admin()));
create policy "news_articles: admins update" on public.news_articles
  for update to authenticated using ((select public.is_admin())) with check ((select public.is_admin()));
create policy "news_articles: admins delete" on public.news_articles
  for delete to authenticated using ((select public.is_admin()));

create table public.contact_requests (
  id uuid primary key default gen_random_uuid(),
  profile_id uuid default auth.uid() references public.profiles (id) on delete set null,
  name text not null check (char_length(trim(name)) between 1 and 200),
  email text not null check (email ~ '^[^@\s]+@[^@\s]+$' and char_length(email) <= 320),
  phone text check (char_length(phone) <= 30),
  subject text not null default '' check (char_length(subject) <= 200),
  message text not null check (char_length(trim(message)) between 1 and 5000),
  status text not null default 'new' check (status in ('new', 'handled')),
  handled_at timestamptz,
  created_at timestamptz not null default now()
);
create index contact_requests_status_idx on public.contact_requests (status, created_at desc);
alter table public.contact_requests enable row level security;

revoke all on public.contact_requests from anon, authenticated;
grant insert (name, email, phone, subject, message) on public.contact_requests to anon, authenticated;
grant select on public.contact_requests to authenticated;
grant update (status, handled_at) on public.contact_requests to authenticated;

create policy "contact_requests: anyone sends, as themselves" on public.contact_requests
  for insert to anon, authenticated
  with check (profile_id is not distinct from (select auth.uid()) and status = 'new');
create policy "contact_requests: admins read" on public.contact_requests
  for select to authenticated using ((select public.is_admin()));
create policy "contact_requests: admins handle" on public.contact_requests
  for update to authenticated using ((select public.is_admin())) with check ((select public.is_admin()));
