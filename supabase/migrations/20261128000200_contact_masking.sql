-- One rule for contact details between people who have no booking that holds yet: phone numbers,
-- e-mail addresses and messenger handles become '[verborgen]' however they are written
-- (private.mask_contact_details; supabase/tests/contact-masking.test.ts holds it to a corpus of
-- ways people write them and of ordinary text it must leave alone), on every channel that
-- carries text from one side to the other:
-- * chat messages, booking request notes, event type and location, and cancel and decline
--   reasons (mailed to the other side, now at most 500 characters): until the two have a booking
--   that holds (private.contact_details_shared);
-- * package names and descriptions, photo captions, review texts and replies, and account names
--   (public, or shown to whoever one writes to): always;
-- * the typing indicator's presence on 'chat:{id}': only {"typing": true|false} may be tracked
--   (the realtime server checks every tracked payload against the realtime.messages policies).
-- A booking holds once it is played, or once it is confirmed and can no longer be cancelled with
-- a full refund (the cancellation policy, private.refund_percent): until then a customer could
-- get the number, cancel for nothing and book the act around Podium.

-- The text as the contact-detail scan reads it, character for character (same length, so a span
-- found in it is the same span of the original): every Unicode digit as 0-9, full-width letters
-- and signs as ASCII, every dash as '-', every space and invisible character (zero-width, soft
-- hyphen, emoji keycap) as ' ', and a letter O against a digit as 0.
create function private.contact_scan_text(body text) returns text
language sql immutable parallel safe
set search_path = ''
as $$
  -- translate() only when the text has such a character: it costs a search per character.
  select regexp_replace(lower(case when body ~ '[０１２３４５６７８９٠١٢٣٤٥٦٧٨٩۰۱۲۳۴۵۶۷۸۹०१२३४५६७८९০১২৩৪৫৬৭৮৯𝟎𝟏𝟐𝟑𝟒𝟓𝟔𝟕𝟖𝟗𝟘𝟙𝟚𝟛𝟜𝟝𝟞𝟟𝟠𝟡𝟢𝟣𝟤𝟥𝟦𝟧𝟨𝟩𝟪𝟫𝟬𝟭𝟮𝟯𝟰𝟱𝟲𝟳𝟴𝟵𝟶𝟷𝟸𝟹𝟺𝟻𝟼𝟽𝟾𝟿₀₁₂₃₄₅₆₇₈₉⁰¹²³⁴⁵⁶⁷⁸⁹⓪①②③④⑤⑥⑦⑧⑨⓿❶❷❸❹❺❻❼❽❾➀➁➂➃➄➅➆➇➈➊➋➌➍➎➏➐➑➒⓵⓶⓷⓸⓹⓺⓻⓼⓽⑴⑵⑶⑷⑸⑹⑺⑻⑼！＂＃＄％＆＇（）＊＋，－．／：；＜＝＞？＠ＡＢＣＤＥＦＧＨＩＪＫＬＭＮＯＰＱＲＳＴＵＶＷＸＹＺ［＼］＾＿｀ａｂｃｄｅｆｇｈｉｊｋｌｍｎｏｐｑｒｓｔｕｖｗｘｙｚ｛｜｝～‐‑‒–—―−﹣﹘               　​‌‍⁠﻿­️⃣᠎。․﹒｡﹫﹢【】〔〕〈〉]'
                                   then translate(body, '０１２３４５６７８９٠١٢٣٤٥٦٧٨٩۰۱۲۳۴۵۶۷۸۹०१२३४५६७८९০১২৩৪৫৬৭৮৯𝟎𝟏𝟐𝟑𝟒𝟓𝟔𝟕𝟖𝟗𝟘𝟙𝟚𝟛𝟜𝟝𝟞𝟟𝟠𝟡𝟢𝟣𝟤𝟥𝟦𝟧𝟨𝟩𝟪𝟫𝟬𝟭𝟮𝟯𝟰𝟱𝟲𝟳𝟴𝟵𝟶𝟷𝟸𝟹𝟺𝟻𝟼𝟽𝟾𝟿₀₁₂₃₄₅₆₇₈₉⁰¹²³⁴⁵⁶⁷⁸⁹⓪①②③④⑤⑥⑦⑧⑨⓿❶❷❸❹❺❻❼❽❾➀➁➂➃➄➅➆➇➈➊➋➌➍➎➏➐➑➒⓵⓶⓷⓸⓹⓺⓻⓼⓽⑴⑵⑶⑷⑸⑹⑺⑻⑼！＂＃＄％＆＇（）＊＋，－．／：；＜＝＞？＠ＡＢＣＤＥＦＧＨＩＪＫＬＭＮＯＰＱＲＳＴＵＶＷＸＹＺ［＼］＾＿｀ａｂｃｄｅｆｇｈｉｊｋｌｍｎｏｐｑｒｓｔｕｖｗｘｙｚ｛｜｝～‐‑‒–—―−﹣﹘               　​‌‍⁠﻿­️⃣᠎。․﹒｡﹫﹢【】〔〕〈〉',
                                                  '01234567890123456789012345678901234567890123456789012345678901234567890123456789012345678901234567890123456789012345678901234567890123456789123456789123456789123456789123456789!"#$%&''()*+,-./:;<=>?@ABCDEFGHIJKLMNOPQRSTUVWXYZ[\]^_`abcdefghijklmnopqrstuvwxyz{|}~---------                        ....@+[][]<>')
                                   else body end),
                        '(?<=[0-9])o|o(?=[0-9])', '0', 'g')
$$;

-- Words that say a digit or a number (Dutch and English, as people spell a phone number out:
-- 'nul zes', 'twaalf', 'vierendertig', 'zero six'), and their digits.
create table private.number_words (
  word text primary key,
  digits text not null
);
comment on table private.number_words is 'Spelled-out digits and numbers, as private.mask_contact_details reads them.';
alter table private.number_words enable row level security;
revoke all on private.number_words from public, anon, authenticated;
create policy "number words: no client access" on private.number_words for all to anon, authenticated, service_role using (false);
insert into private.number_words (word, digits) values
  ('nul', '0'), ('zero', '0'), ('nil', '0'), ('een', '1'), ('één', '1'), ('eén', '1'),
  ('ene', '1'), ('one', '1'), ('twee', '2'), ('two', '2'), ('drie', '3'), ('three', '3'),
  ('vier', '4'), ('four', '4'), ('vijf', '5'), ('five', '5'), ('zes', '6'), ('six', '6'),
  ('zeven', '7'), ('seven', '7'), ('acht', '8'), ('eight', '8'), ('negen', '9'), ('nine', '9'),
  ('tien', '10'), ('elf', '11'), ('twaalf', '12'), ('dertien', '13'), ('veertien', '14'),
  ('vijftien', '15'), ('zestien', '16'), ('zeventien', '17'), ('achttien', '18'),
  ('negentien', '19'), ('twintig', '20'), ('eenentwintig', '21'), ('eenëntwintig', '21'),
  ('éénentwintig', '21'), ('éénëntwintig', '21'), ('tweeentwintig', '22'),
  ('tweeëntwintig', '22'), ('drieentwintig', '23'), ('drieëntwintig', '23'),
  ('vierentwintig', '24'), ('vierëntwintig', '24'), ('vijfentwintig', '25'),
  ('vijfëntwintig', '25'), ('zesentwintig', '26'), ('zesëntwintig', '26'),
  ('zevenentwintig', '27'), ('zevenëntwintig', '27'), ('achtentwintig', '28'),
  ('achtëntwintig', '28'), ('negenentwintig', '29'), ('negenëntwintig', '29'), ('dertig', '30'),
  ('eenendertig', '31'), ('eenëndertig', '31'), ('éénendertig', '31'), ('éénëndertig', '31'),
  ('tweeendertig', '32'), ('tweeëndertig', '32'), ('drieendertig', '33'), ('drieëndertig', '33'),
  ('vierendertig', '34'), ('vierëndertig', '34'), ('vijfendertig', '35'), ('vijfëndertig', '35'),
  ('zesendertig', '36'), ('zesëndertig', '36'), ('zevenendertig', '37'), ('zevenëndertig', '37'),
  ('achtendertig', '38'), ('achtëndertig', '38'), ('negenendertig', '39'),
  ('negenëndertig', '39'), ('veertig', '40'), ('eenenveertig', '41'), ('eenënveertig', '41'),
  ('éénenveertig', '41'), ('éénënveertig', '41'), ('tweeenveertig', '42'),
  ('tweeënveertig', '42'), ('drieenveertig', '43'), ('drieënveertig', '43'),
  ('vierenveertig', '44'), ('vierënveertig', '44'), ('vijfenveertig', '45'),
  ('vijfënveertig', '45'), ('zesenveertig', '46'), ('zesënveertig', '46'),
  ('zevenenveertig', '47'), ('zevenënveertig', '47'), ('achtenveertig', '48'),
  ('achtënveertig', '48'), ('negenenveertig', '49'), ('negenënveertig', '49'), ('vijftig', '50'),
  ('eenenvijftig', '51'), ('eenënvijftig', '51'), ('éénenvijftig', '51'), ('éénënvijftig', '51'),
  ('tweeenvijftig', '52'), ('tweeënvijftig', '52'), ('drieenvijftig', '53'),
  ('drieënvijftig', '53'), ('vierenvijftig', '54'), ('vierënvijftig', '54'),
  ('vijfenvijftig', '55'), ('vijfënvijftig', '55'), ('zesenvijftig', '56'),
  ('zesënvijftig', '56'), ('zevenenvijftig', '57'), ('zevenënvijftig', '57'),
  ('achtenvijftig', '58'), ('achtënvijftig', '58'), ('negenenvijftig', '59'),
  ('negenënvijftig', '59'), ('zestig', '60'), ('eenenzestig', '61'), ('eenënzestig', '61'),
  ('éénenzestig', '61'), ('éénënzestig', '61'), ('tweeenzestig', '62'), ('tweeënzestig', '62'),
  ('drieenzestig', '63'), ('drieënzestig', '63'), ('vierenzestig', '64'), ('vierënzestig', '64'),
  ('vijfenzestig', '65'), ('vijfënzestig', '65'), ('zesenzestig', '66'), ('zesënzestig', '66'),
  ('zevenenzestig', '67'), ('zevenënzestig', '67'), ('achtenzestig', '68'),
  ('achtënzestig', '68'), ('negenenzestig', '69'), ('negenënzestig', '69'), ('zeventig', '70'),
  ('eenenzeventig', '71'), ('eenënzeventig', '71'), ('éénenzeventig', '71'),
  ('éénënzeventig', '71'), ('tweeenzeventig', '72'), ('tweeënzeventig', '72'),
  ('drieenzeventig', '73'), ('drieënzeventig', '73'), ('vierenzeventig', '74'),
  ('vierënzeventig', '74'), ('vijfenzeventig', '75'), ('vijfënzeventig', '75'),
  ('zesenzeventig', '76'), ('zesënzeventig', '76'), ('zevenenzeventig', '77'),
  ('zevenënzeventig', '77'), ('achtenzeventig', '78'), ('achtënzeventig', '78'),
  ('negenenzeventig', '79'), ('negenënzeventig', '79'), ('tachtig', '80'),
  ('eenentachtig', '81'), ('eenëntachtig', '81'), ('éénentachtig', '81'), ('éénëntachtig', '81'),
  ('tweeentachtig', '82'), ('tweeëntachtig', '82'), ('drieentachtig', '83'),
  ('drieëntachtig', '83'), ('vierentachtig', '84'), ('vierëntachtig', '84'),
  ('vijfentachtig', '85'), ('vijfëntachtig', '85'), ('zesentachtig', '86'),
  ('zesëntachtig', '86'), ('zevenentachtig', '87'), ('zevenëntachtig', '87'),
  ('achtentachtig', '88'), ('achtëntachtig', '88'), ('negenentachtig', '89'),
  ('negenëntachtig', '89'), ('negentig', '90'), ('eenennegentig', '91'), ('eenënnegentig', '91'),
  ('éénennegentig', '91'), ('éénënnegentig', '91'), ('tweeennegentig', '92'),
  ('tweeënnegentig', '92'), ('drieennegentig', '93'), ('drieënnegentig', '93'),
  ('vierennegentig', '94'), ('vierënnegentig', '94'), ('vijfennegentig', '95'),
  ('vijfënnegentig', '95'), ('zesennegentig', '96'), ('zesënnegentig', '96'),
  ('zevenennegentig', '97'), ('zevenënnegentig', '97'), ('achtennegentig', '98'),
  ('achtënnegentig', '98'), ('negenennegentig', '99'), ('negenënnegentig', '99');

-- Whether a run of digits (spaces, dashes and the like removed) is a phone number, from its
-- first digits and its length: Dutch and Belgian numbers start with 0 and have 9 (Belgian
-- landline) or 10 digits; international ones start with + or 00 (or 31 / 32 with the plus left
-- out); a mobile number without its 0 is 9 digits from 6 (NL) or 4 (BE). After 'bel', 'app',
-- 'whatsapp', 'nummer' and the like, any 8 digits but a year and what follows it.
create function private.is_phone_digits(head text, digit_count integer, plus boolean, cue boolean) returns boolean
language sql immutable parallel safe
set search_path = ''
as $$
  select case
    when plus then digit_count >= 8
    when head ~ '^00[1-9]' then digit_count >= 10
    when head ~ '^0[1-9]' then digit_count >= 9
    when head ~ '^3[12][1-9]' and digit_count between 11 and 12 then true
    when head ~ '^[46]' and digit_count = 9 then true
    -- Not a year in front: 'factuurnummer 2026-000123' is a number of Podium's, not a phone.
    else cue and digit_count >= 8 and head !~ '^(19|20)[0-9]{2}'
  end
$$;

-- Phone numbers, e-mail addresses and messenger handles in a text, each replaced by
-- '[verborgen]'; everything else is left exactly as written. The scan reads a normalised copy
-- (private.contact_scan_text) so full-width or other Unicode digits, invisible characters and
-- look-alike signs do not hide a number, and it reads:
-- * phone numbers as runs of digits and spelled-out numbers ('nul zes een twee ...', 'twaalf',
--   'vierendertig', 'zero six ...') joined by spaces, dashes, dots, slashes, brackets, commas
--   without a space, emoji keycaps and the like, with + or 00 in front or not
--   (private.is_phone_digits decides); dates with a year (12-06-2027) and times (20:00) are no
--   part of such a run, so dates, times, prices, postcodes, house numbers and counts stay;
-- * e-mail addresses also when written 'jan (at) gmail (punt) com', 'jan at gmail dot com',
--   'jan apenstaartje hotmail punt nl', 'jan [at] telenet [.] be' or 'jan.jansen gmail.com';
-- * WhatsApp, Telegram, Instagram, Facebook, TikTok, Snapchat and Signal links (wa.me/...,
--   t.me/...) and handles ('@janjansen', 'insta: janjansen');
-- * bank accounts (IBAN), the way to be paid around Podium.
-- Street addresses are not hidden: a booking needs the address of the party.
-- Every step is one pass over the text (a message may be 5000 characters).
create or replace function private.mask_contact_details(body text) returns text
language plpgsql stable parallel safe
set search_path = ''
-- Its queries are planned once per connection, not for every text.
set plan_cache_mode = force_generic_plan
as $$
declare
  sep constant text := '[-[:space:]./\\()\[\]{}_*~|:,=]';
  at_sign constant text := '(?:[[:space:]]*@[[:space:]]*|[[:space:]]*[(\[{<][[:space:]]*(?:at|a|@|apenstaartje|aapje)[[:space:]]*[)\]}>][[:space:]]*|[[:space:]]*[-_]at[-_][[:space:]]*|[[:space:]]+(?:at|apenstaartje|aapje)[[:space:]]+)';
  -- A dot with spaces on one side only ends a sentence: 'at home. De zaal' is no address.
  dot constant text := '(?:\.|[[:space:]]+\.[[:space:]]+|[[:space:]]*[(\[{<][[:space:]]*(?:punt|dot|\.)[[:space:]]*[)\]}>][[:space:]]*|[[:space:]]+(?:punt|dot)[[:space:]]+)';
  label constant text := '[a-z0-9_%+-]+';
  tld constant text := '(?:com|nl|be|net|org|eu|info|io|me|de|fr|uk|co|biz|email|online|nu|app|dev|tv|fm|music|band|live|shop|site|xyz|cloud|mail|pro|ch|at|lu|es|it|us|ca)(?![a-z0-9])';
  provider constant text := '(?:gmail|googlemail|hotmail|outlook|yahoo|icloud|msn|telenet|skynet|proximus|ziggo|kpnmail|kpnplanet|planet|xs4all|protonmail|proton|gmx|live|me)';
  -- Without a domain after it only a name that is no ordinary word ('op live' is no address).
  mail_provider constant text := '(?:gmail|googlemail|hotmail|outlook|yahoo|icloud|msn|telenet|skynet|proximus|ziggo|kpnmail|kpnplanet|xs4all|protonmail|gmx)';
  addresses text;
  scan text;
  tokens text[] := '{}';
  kinds text[] := '{}';
  digits text[] := '{}';
  starts integer[] := '{}';
  token record;
  value text;
  position_ integer := 1;
  spans int4range[] := '{}';
  merged int4range;
  result text := '';
  done integer := 1;
  i integer;
  j integer;
  k integer;
  first integer;
  plus_at integer;
  cue boolean;
  run integer[];
  run_digits integer;
  seen integer;
  head text;
  ends integer;
begin
  if body is null or body = '' then
    return body;
  end if;
  scan := private.contact_scan_text(body);

  -- E-mail addresses, links and handles: one expression, its matches and the text between them
  -- (each in one pass) give the spans.
  addresses := '(' || array_to_string(array[
    -- an ordinary address, and one written with (at), [at], 'at', 'apenstaartje', (punt), 'dot' ...
    '[a-z0-9._%+-]+@[a-z0-9-]+(?:\.[a-z0-9-]+)*\.[a-z]{2,24}(?![a-z0-9])',
    label || '(?:' || dot || label || ')*' || at_sign || label || '(?:' || dot || label || ')*' || dot || tld,
    -- a mail provider after a name: 'jan at gmail', 'jan op hotmail', 'jan.jansen gmail.com'
    label || '(?:\.' || label || ')*' || '(?:' || at_sign || '|[[:space:]]+(?:op|bij)[[:space:]]+)' || mail_provider || '(?:' || dot || tld || ')?(?![a-z0-9])',
    label || '(?:\.' || label || ')*[[:space:]]+' || provider || dot || tld,
    -- messenger and social links
    '(?:https?://)?(?:www\.)?(?:wa\.me|(?:api|chat|web)?\.?whatsapp\.com|t\.me|telegram\.(?:me|org)|instagram\.com|instagr\.am|(?:m\.)?facebook\.com|fb\.(?:me|com)|m\.me|tiktok\.com|snapchat\.com|linktr\.ee|signal\.(?:me|group))(?:/[^[:space:]]*)?',
    -- handles: '@janjansen' (not an e-mail address), 'insta: janjansen', 'telegram @jan'
    '(?<![a-z0-9._%+-])@[a-z_][a-z0-9_.]{2,29}',
    '(?<![a-z0-9])(?:insta(?:gram)?|ig|telegram|tg|snap(?:chat)?|tiktok|signal|facebook|fb|messenger|wa|whatsapp)[[:space:]]*(?:[:=][[:space:]]*@?|@)[a-z_][a-z0-9_.]{2,29}',
    -- a bank account (IBAN, with or without its groups' spaces): paying around Podium
    '(?<![a-z0-9])[a-z]{2}[0-9]{2}(?: ?[a-z0-9]{4}){3,7}(?: ?[a-z0-9]{1,3})?(?![a-z0-9])'
  ], '|') || ')';
  -- Most texts show no sign of one: then the expression (the costly part) is not run.
  if scan ~ ('@|[(\[{<][[:space:]]*a[[:space:]]*[)\]}>]|(?:^|[^a-z])(?:at|dot|punt|me|ig|wa)(?:[^a-z]|$)|apenstaartje|aapje'
             || '|mail|outlook|yahoo|icloud|msn|telenet|skynet|proximus|ziggo|kpn|planet|xs4all|proton|gmx|live'
             || '|whatsapp|telegram|tg|insta|facebook|fb|messenger|tiktok|snap|linktr|signal'
             || '|[a-z]{2}[0-9]{2} ?[a-z0-9]{4} ?[a-z0-9]{4}') then
    select coalesce(array_agg(int4range(p.at::integer, p.at::integer + char_length(p.found)) order by p.n), '{}')
      into spans
      from (select m.n, m.found,
                   sum(char_length(g.gap)) over (order by m.n) + coalesce(sum(char_length(m.found)) over (order by m.n rows between unbounded preceding and 1 preceding), 0) + 1 as at
              from (select f[1] as found, n from regexp_matches(scan, addresses, 'gi') with ordinality as f(f, n)) m
              join regexp_split_to_table(scan, addresses, 'i') with ordinality as g(gap, n) on g.n = m.n) p;
  end if;

  -- Phone numbers: the text as tokens (digits, a word, a plus, a run of separators, anything
  -- else), then each run of digits and number words.
  for token in
    select m.t, w.digits as word_digits
      from regexp_matches(scan, '([0-9]+)|([[:alpha:]]+)|(\+)|(' || sep || '+)|(.)', 'g') with ordinality as m(t, n)
      left join private.number_words w on m.t[2] is not null and w.word = m.t[2]
     order by m.n
  loop
    value := coalesce(token.t[1], token.t[2], token.t[3], token.t[4], token.t[5]);
    tokens := array_append(tokens, value);
    kinds := array_append(kinds, case when token.t[1] is not null then 'digits' when token.t[2] is not null then 'word'
                                      when token.t[3] is not null then 'plus' when token.t[4] is not null then 'sep' else 'other' end);
    digits := array_append(digits, coalesce(token.t[1], token.word_digits));
    starts := array_append(starts, position_);
    position_ := position_ + char_length(value);
  end loop;

  -- A time (20:00, not part of 06:12:34:56) and a date with its year (12-06-2027, 1/6/2027) are
  -- no digits of a phone number.
  for i in 1 .. cardinality(tokens) - 2 loop
    continue when kinds[i] <> 'digits' or char_length(tokens[i]) > 2 or kinds[i + 2] <> 'digits';
    if tokens[i + 1] = ':' and tokens[i]::integer <= 24 and char_length(tokens[i + 2]) = 2 and tokens[i + 2]::integer <= 59
       and not (i + 4 <= cardinality(tokens) and tokens[i + 3] in (':', '.') and kinds[i + 4] = 'digits')
       and not (i > 2 and tokens[i - 1] = ':' and kinds[i - 2] = 'digits') then
      digits[i] := null;
      digits[i + 2] := null;
    elsif i + 4 <= cardinality(tokens) and tokens[i + 1] in ('-', '/', '.') and tokens[i + 3] in ('-', '/', '.')
          and kinds[i + 4] = 'digits' and tokens[i]::integer between 1 and 31
          and char_length(tokens[i + 2]) <= 2 and tokens[i + 2]::integer between 1 and 12 and tokens[i + 4] ~ '^(19|20)[0-9]{2}$' then
      digits[i] := null;
      digits[i + 2] := null;
      digits[i + 4] := null;
    end if;
  end loop;

  i := 1;
  while i <= cardinality(tokens) loop
    if digits[i] is null then
      i := i + 1;
      continue;
    end if;
    -- The run: digit groups (or number words) joined by short separators (a comma only without a
    -- space after it: in a list a comma and a space part numbers).
    run := array[i];
    run_digits := char_length(digits[i]);
    j := i;
    while j + 2 <= cardinality(tokens) and kinds[j + 1] = 'sep' and digits[j + 2] is not null
          and char_length(tokens[j + 1]) <= 6 and tokens[j + 1] !~ ',[[:space:]]' and tokens[j + 1] !~ '\n.*\n' loop
      j := j + 2;
      run := run || j;
      run_digits := run_digits + char_length(digits[j]);
    end loop;
    -- No number has fewer than 8 digits.
    if run_digits >= 8 then
      -- A plus (or the word 'plus') in front, maybe with a space or bracket between.
      plus_at := null;
      if i > 1 and (kinds[i - 1] = 'plus' or tokens[i - 1] = 'plus') then
        plus_at := i - 1;
      elsif i > 2 and kinds[i - 1] = 'sep' and tokens[i - 1] ~ '^[[:space:](\[]{1,3}$' and (kinds[i - 2] = 'plus' or tokens[i - 2] = 'plus') then
        plus_at := i - 2;
      end if;
      cue := substr(scan, greatest(starts[i] - 40, 1), starts[i] - greatest(starts[i] - 40, 1))
             ~ '(?:^|[^a-z])(?:bel|bellen|belt|app|appen|appje|whatsapp|whatsappen|wa|tel|telefoon|telefoonnummer|nummer|nr|gsm|mobiel|mobile|mob|sms|sms''en|signal|telegram|facetime|bereikbaar|phone|call|text)(?:[^a-z]|$)';
      -- The first group from which the rest of the run is a phone number ('150 0612345678' hides
      -- the number, not the 150).
      first := null;
      seen := 0;
      for k in 1 .. cardinality(run) loop
        exit when run_digits - seen < 8;
        head := left(concat(digits[run[k]], digits[run[k + 1]], digits[run[k + 2]], digits[run[k + 3]]), 4);
        if private.is_phone_digits(head, run_digits - seen, plus_at is not null and k = 1, cue) then
          first := k;
          exit;
        end if;
        seen := seen + char_length(digits[run[k]]);
      end loop;
      if first is not null then
        -- An emoji keycap or an invisible character after the last digit goes with it.
        ends := starts[j] + char_length(tokens[j]);
        while substr(body, ends, 1) ~ '[\u200b-\u200d\u2060\ufeff\u00ad\ufe0f\u20e3]' loop
          ends := ends + 1;
        end loop;
        spans := spans || int4range(case when first = 1 and plus_at is not null then starts[plus_at] else starts[run[first]] end, ends);
      end if;
    end if;
    i := j + 1;
  end loop;

  if cardinality(spans) = 0 then
    return body;
  end if;
  -- Overlapping or touching spans become one '[verborgen]'.
  for merged in select unnest(range_agg(s)) from unnest(spans) s order by 1 loop
    result := result || substr(body, done, lower(merged) - done) || '[verborgen]';
    done := upper(merged);
  end loop;
  return result || substr(body, done);
end
$$;

-- The masked text within a column's length limit ('[verborgen]' can be longer than what it hides).
create function private.masked_within(body text, max_length integer) returns text
language sql stable parallel safe
set search_path = ''
as $$
  select left(private.mask_contact_details(body), max_length)
$$;

-- True once the customer and the act have a booking that holds: played, or confirmed and no
-- longer cancellable by the customer for a full refund.
create function private.contact_details_shared(customer uuid, artist uuid) returns boolean
language sql stable security definer
set search_path = ''
as $$
  select exists (
    select 1 from public.bookings b
     where b.customer_id = customer and b.artist_id = artist
       and (b.status = 'completed'
            or (b.status = 'confirmed' and private.refund_percent('customer', b.starts_at, now()) < 100)))
$$;
revoke all on function private.contact_details_shared(uuid, uuid) from public, anon, authenticated;

create or replace function private.conversation_has_confirmed_booking(conversation uuid) returns boolean
language sql stable security definer
set search_path = ''
as $$
  select exists (
    select 1 from public.chat_conversations c
     where c.id = conversation and private.contact_details_shared(c.customer_id, c.artist_id))
$$;

-- A chat message as before (refused when empty or over 5000 characters, masked until a booking
-- holds), its masked text within the 5000.
create or replace function private.chat_message_inserted() returns trigger
language plpgsql security definer
set search_path = ''
as $$
declare
  masked_text text;
begin
  if new.message_text is null or new.message_text !~ '[^[:space:]]' then
    raise exception 'Typ eerst een bericht.' using errcode = '22023';
  end if;
  if char_length(new.message_text) > 5000 then
    raise exception 'Je bericht is te lang (maximaal 5000 tekens).' using errcode = '22023';
  end if;
  new.is_read := false;
  new.masked := false;
  if not private.conversation_has_confirmed_booking(new.conversation_id) then
    masked_text := private.masked_within(new.message_text, 5000);
    if masked_text is distinct from new.message_text then
      new.message_text := masked_text;
      new.masked := true;
    end if;
  end if;
  update public.chat_conversations set last_message_at = new.created_at where id = new.conversation_id;
  return new;
end
$$;

comment on column public.chat_messages.masked is 'Contact details (phone, e-mail, handles) were hidden because the two had no booking that holds yet (played, or confirmed past the full-refund period).';

-- Server code (service role, scheduler, migrations and seed) and admins write as Podium; their
-- words are not hidden.
create function private.writes_as_podium() returns boolean
language sql stable security definer
set search_path = ''
as $$
  select public.is_service_role() or coalesce(auth.role(), '') not in ('authenticated', 'anon') or public.is_admin()
$$;
revoke all on function private.writes_as_podium() from public, anon, authenticated;

-- A reason for a cancellation or a refusal goes to the other side by mail: short, and masked.
create function private.checked_reason(reason text, customer uuid, artist uuid) returns text
language plpgsql stable security definer
set search_path = ''
as $$
begin
  if char_length(reason) > 500 then
    raise exception 'De reden is te lang (maximaal 500 tekens).' using errcode = '22023';
  end if;
  if private.contact_details_shared(customer, artist) then
    return reason;
  end if;
  return private.mask_contact_details(reason);
end
$$;
revoke all on function private.checked_reason(text, uuid, uuid) from public, anon, authenticated;

-- The request's texts (request_booking) and the status reason (transition_booking).
create function private.bookings_mask_contact() returns trigger
language plpgsql security definer
set search_path = ''
as $$
declare
  shared boolean := private.contact_details_shared(new.customer_id, new.artist_id);
begin
  if not shared then
    if tg_op = 'INSERT' or new.notes is distinct from old.notes then
      new.notes := private.masked_within(new.notes, 4000);
    end if;
    if tg_op = 'INSERT' or new.event_type is distinct from old.event_type then
      new.event_type := private.masked_within(new.event_type, 100);
    end if;
    if tg_op = 'INSERT' or new.event_location is distinct from old.event_location then
      new.event_location := private.masked_within(new.event_location, 300);
    end if;
  end if;
  if (tg_op = 'INSERT' or new.status_reason is distinct from old.status_reason) and not private.writes_as_podium() then
    new.status_reason := private.checked_reason(new.status_reason, new.customer_id, new.artist_id);
  end if;
  return new;
end
$$;
create trigger bookings_mask_contact before insert or update of notes, event_type, event_location, status_reason on public.bookings
  for each row execute function private.bookings_mask_contact();

-- The reason as the booking's history keeps it, and as the mail to the other side quotes it.
create function private.booking_events_mask_contact() returns trigger
language plpgsql security definer
set search_path = ''
as $$
declare
  booking public.bookings;
begin
  if new.reason is not null and new.actor in ('customer', 'artist') then
    select * into booking from public.bookings b where b.id = new.booking_id;
    new.reason := private.checked_reason(new.reason, booking.customer_id, booking.artist_id);
  end if;
  return new;
end
$$;
create trigger booking_events_mask_contact before insert on public.booking_events
  for each row execute function private.booking_events_mask_contact();

-- Public texts: always masked, also as an admin approves a held change (which writes these
-- columns).
create function private.artist_packages_mask_contact() returns trigger
language plpgsql security definer
set search_path = ''
as $$
begin
  new.name := private.masked_within(new.name, 120);
  new.description := private.masked_within(new.description, 4000);
  return new;
end
$$;
create trigger artist_packages_mask_contact before insert or update of name, description on public.artist_packages
  for each row execute function private.artist_packages_mask_contact();

create function private.artist_media_mask_contact() returns trigger
language plpgsql security definer
set search_path = ''
as $$
begin
  new.caption := private.masked_within(new.caption, 500);
  return new;
end
$$;
create trigger artist_media_mask_contact before insert or update of caption on public.artist_media
  for each row execute function private.artist_media_mask_contact();

create function private.reviews_mask_contact() returns trigger
language plpgsql security definer
set search_path = ''
as $$
begin
  new.body := private.masked_within(new.body, 4000);
  new.artist_reply := private.masked_within(new.artist_reply, 4000);
  return new;
end
$$;
create trigger reviews_mask_contact before insert or update of body, artist_reply on public.reviews
  for each row execute function private.reviews_mask_contact();

-- A name is shown to whoever one writes to (the conversation list, the chat mail).
create function private.profiles_mask_contact() returns trigger
language plpgsql security definer
set search_path = ''
as $$
begin
  new.first_name := private.masked_within(new.first_name, 100);
  new.last_name := private.masked_within(new.last_name, 100);
  return new;
end
$$;
create trigger profiles_mask_contact before insert or update of first_name, last_name on public.profiles
  for each row execute function private.profiles_mask_contact();

-- Typing indicators carry {"typing": true|false} and nothing else. The realtime server asks these
-- policies about every payload tracked on a private channel (and, at join, about the channel
-- with no payload).
drop policy "realtime: the participants of a conversation say they are typing" on realtime.messages;
create policy "realtime: the participants say they are typing, and nothing else" on realtime.messages
  for insert to authenticated
  with check (
    extension = 'presence' and public.is_chat_topic_participant(realtime.topic())
    and (payload is null
         or case when jsonb_typeof(payload) = 'object'
                 then payload - 'typing' = '{}'::jsonb and jsonb_typeof(payload -> 'typing') = 'boolean'
                 else false end));
