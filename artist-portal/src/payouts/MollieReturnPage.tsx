// /dashboard/artist/mollie: where the mollie-connect function's callback sends the artist after
// Mollie's consent page. Mollie's answer (code or refusal, with the state) is kept for this tab and
// the artist goes straight back to the page the link started on (the onboarding's payout step,
// the profile's or 'Uitbetalingen'), which checks the state and finishes the link. No guard and no
// UI library: the page only passes the answer on, and the page it goes to has its own guard.
import { keepMollieReturn } from '@podium/shared/mollie-connect';
import { useEffect } from 'react';
import { useNavigate } from 'react-router';

export default function MollieReturnPage() {
  const navigate = useNavigate();
  useEffect(() => {
    const to = keepMollieReturn(window.sessionStorage, new URLSearchParams(window.location.search));
    void navigate(to, { replace: true });
  }, [navigate]);
  return <p className="session" aria-busy="true" role="status" aria-label="Terug van Mollie, even geduld" />;
}
