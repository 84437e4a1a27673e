// What each landing page's hero says (loaded with the landing page, not the first page).
import { landingProduct } from './landing-pages.ts';

export const landingPages: Record<string, { title: string; intro: string }> = {
  [`/${landingProduct}-huren`]: { title: 'Band huren', intro: 'Een liveband maakt van elk feest een avond om nooit te vergeten.' },
  '/dj-boeken': { title: 'DJ boeken', intro: 'De juiste plaat op het juiste moment: boek een DJ die jouw publiek leest.' },
  '/coverband-boeken': { title: 'Coverband boeken', intro: 'Alle hits die iedereen kent, live gespeeld door topmuzikanten.' },
  '/bruiloft-entertainment': { title: 'Bruiloft entertainment', intro: 'Van ceremonie tot feest: muziek die past bij jullie mooiste dag.' },
  '/bedrijfsfeest-entertainment': { title: 'Bedrijfsfeest entertainment', intro: 'Acts en muziek die je collega’s nog lang bijblijven.' },
  '/duo-boeken': { title: 'Duo boeken', intro: 'Intiem en sfeervol: een muzikaal duo voor borrel, diner of ceremonie.' },
  '/artiest-boeken': { title: 'Artiest boeken', intro: 'Vind en boek de artiest die bij jouw feest past.' },
  '/live-muziek-boeken': { title: 'Live muziek boeken', intro: 'Niets zo sfeervol als echte muzikanten op jouw feest.' },
};
