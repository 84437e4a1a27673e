-- Most texts hold no contact detail and cannot: the scan (tokens, runs of digits, one
-- expression per kind of address) took about 0.2 ms for a 64-character chat message, on every
-- message, booking note, package and review written, and about a fifth of applying seed.sql.
-- The scan is now private.mask_contact_details_scan; private.mask_contact_details first asks
-- two cheap questions and returns the text as it is when both say no:
-- * does it show a sign of an address, link, handle or IBAN: the same sign test the scan
--   starts with before it runs its expression;
-- * can it hold a phone number: every number the scan hides has at least 8 digits in one run
--   (private.is_phone_digits), and a run's digits come from digits in the text and from number
--   words of at most two digits each ('twaalf', 'vierendertig'). So fewer than 8 digits plus
--   twice the words that can be a number word (every word of private.number_words is one of
--   the listed words or ends in 'tien' or 'tig') means none.
-- Everything else goes through the scan unchanged (supabase/tests/contact-masking.test.ts
-- holds both to the same corpus).
alter function private.mask_contact_details(text) rename to mask_contact_details_scan;

create function private.mask_contact_details(body text) returns text
language plpgsql stable parallel safe
set search_path = ''
as $$
declare
  scan text;
begin
  if body is null or body = '' then
    return body;
  end if;
  scan := private.contact_scan_text(body);
  if scan !~ ('@|[(\[{<][[:space:]]*a[[:space:]]*[)\]}>]|(?:^|[^a-z])(?:at|dot|punt|me|ig|wa)(?:[^a-z]|$)|apenstaartje|aapje'
              || '|mail|outlook|yahoo|icloud|msn|telenet|skynet|proximus|ziggo|kpn|planet|xs4all|proton|gmx|live'
              || '|whatsapp|telegram|tg|insta|facebook|fb|messenger|tiktok|snap|linktr|signal'
              || '|[a-z]{2}[0-9]{2} ?[a-z0-9]{4} ?[a-z0-9]{4}')
     and char_length(regexp_replace(scan, '[^0-9]+', '', 'g'))
         + 2 * regexp_count(scan, '(?:^|[^[:alpha:]])(?:nul|zero|nil|een|één|eén|ene|one|twee|two|drie|three|vier|four|vijf|five|zes|six|zeven|seven|acht|eight|negen|nine|elf|twaalf|[[:alpha:]]*(?:tien|tig))(?![[:alpha:]])') < 8 then
    return body;
  end if;
  return private.mask_contact_details_scan(body);
end
$$;

-- Asked on every chat message and booking written (is the text masked?): as PL/pgSQL its query
-- is planned once per connection; as a security-definer SQL function it was planned again on
-- every call, about 0.14 ms each. The same rule as before.
create or replace function private.contact_details_shared(customer uuid, artist uuid) returns boolean
language plpgsql stable security definer
set search_path = ''
as $$
begin
  return exists (
    select 1 from public.bookings b
     where b.customer_id = customer and b.artist_id = artist
       and (b.status = 'completed'
            or (b.status = 'confirmed' and private.refund_percent('customer', b.starts_at, now()) < 100)));
end
$$;

create or replace function private.conversation_has_confirmed_booking(conversation uuid) returns boolean
language plpgsql stable security definer
set search_path = ''
as $$
begin
  return exists (
    select 1 from public.chat_conversations c
     where c.id = conversation and private.contact_details_shared(c.customer_id, c.artist_id));
end
$$;
