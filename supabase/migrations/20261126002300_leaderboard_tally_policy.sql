-- The leaderboard tally (20261126002200) is the database's own, like the other private tables:
-- spelled out as a policy, so the security advisors see it is closed on purpose.
create policy "leaderboard tally: no client access" on private.leaderboard_tally for all to anon, authenticated, service_role using (false);
