// What each placeholder screen says until its issue lands (loaded with the screen, not with the
// first page). Keyed by the route pattern of SPEC 2.1.
import { matchPath, useLocation } from 'react-router';
import { breadcrumbJsonLd, PageMeta } from '../seo/PageMeta.tsx';
import { ComingSoon } from './ComingSoon.tsx';

export const placeholderScreens: Record<string, { title: string; description?: string }> = {
  '/referral-bands/dashboard': { title: 'BANDS Dashboard', description: 'Hier zie je straks je BANDS-tegoed, je referral code en je transacties.' },
  '/referral-bands/leaderboard': { title: 'BANDS Leaderboard', description: 'Hier zie je straks wie de meeste BANDS heeft verdiend.' },
};

export default function PlaceholderScreen() {
  const { pathname } = useLocation();
  const pattern = Object.keys(placeholderScreens).find((candidate) => matchPath(candidate, pathname));
  const screen = (pattern && placeholderScreens[pattern]) || { title: 'Binnenkort beschikbaar' };
  const description = screen.description ?? `${screen.title} bij Podium, live artiesten voor jouw feest.`;
  return (
    <>
      <PageMeta title={screen.title} description={description} path={pathname} jsonLd={[breadcrumbJsonLd([{ name: 'Home', path: '/' }, { name: screen.title, path: pathname }])]} />
      <ComingSoon title={screen.title} {...(screen.description ? { description: screen.description } : {})} />
    </>
  );
}
