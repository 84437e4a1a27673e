// What each landing page of SPEC 2.1 says: its own intro, why Podium, how the price comes about
// (the figures themselves come from the artists' starting prices, landing.ts), and its FAQ.
// Loaded with the landing page, not the first page.
import type { ArtistCategory } from '@podium/shared/categories';
import { landingProduct } from './landing-pages.ts';

export interface LandingText {
  title: string;
  /** The page's <title> and description for search results. */
  metaTitle: string;
  metaDescription: string;
  intro: string;
  /** The search_artists category whose artists the page shows. */
  category: ArtistCategory | null;
  /** 'bands', 'DJ’s'...: how the copy names the artists. */
  artistsNoun: string;
  why: { title: string; text: string }[];
  /** What drives the price, after the figures from the data. */
  priceNote: string;
  faq: { question: string; answer: string }[];
}

const verifiedReviews = { title: 'Echte reviews', text: 'Alleen klanten die echt geboekt en betaald hebben, kunnen een review schrijven.' };
const safePayment = { title: 'Veilig betalen', text: 'Je betaalt via Mollie aan Podium; annuleert de artiest, dan krijg je alles terug.' };
const availability = { title: 'Direct zien wie kan', text: 'Zoek op je datum en je ziet alleen artiesten die dan nog vrij zijn.' };

const bookingFaq = {
  question: 'Hoe werkt boeken via Podium?',
  answer:
    'Je kiest een artiest en een pakket en stuurt een boekingsaanvraag met je datum en locatie. De artiest accepteert binnen een week; daarna betaal je veilig via iDEAL, creditcard of Bancontact en is de boeking definitief.',
};
const cancelFaq = {
  question: 'Wat als ik moet annuleren?',
  answer: 'Annuleer je 30 dagen of meer voor het feest, dan krijg je alles terug; tussen 7 en 30 dagen de helft. Annuleert de artiest, dan krijg je altijd het volledige bedrag terug.',
};

export const landingPages: Record<string, LandingText> = {
  [`/${landingProduct}-huren`]: {
    title: 'Band huren',
    metaTitle: 'Band huren voor je feest',
    metaDescription: 'Huur een liveband voor je bruiloft, bedrijfsfeest of verjaardag. Vergelijk bands op prijs, reviews en beschikbaarheid en boek veilig via Podium.',
    intro: 'Een liveband maakt van elk feest een avond om nooit te vergeten. Vergelijk bands uit heel Nederland en Vlaanderen op prijs, reviews en beschikbaarheid.',
    category: 'bands',
    artistsNoun: 'bands',
    why: [{ title: 'Bands met bewezen ervaring', text: 'Elk profiel is door ons gecontroleerd, met echte foto’s, video’s en een duidelijk repertoire.' }, verifiedReviews, safePayment],
    priceNote: 'De prijs hangt vooral af van het aantal muzikanten, de speelduur en de reisafstand. Geluid en licht zijn bij de meeste bands inbegrepen; dat staat in het pakket.',
    faq: [
      {
        question: 'Hoe lang speelt een band op een feest?',
        answer: 'De meeste bands spelen drie sets van 45 minuten, met pauzes waarin ze zelf muziek draaien. In elk pakket staat precies hoeveel sets je krijgt.',
      },
      {
        question: 'Hoeveel ruimte heeft een band nodig?',
        answer: 'Reken op ongeveer 4 bij 3 meter voor een vijfkoppige band en twee gewone stopcontacten op aparte groepen. Twijfel je, stel je vraag dan via de chat aan de band.',
      },
      bookingFaq,
      cancelFaq,
    ],
  },
  '/dj-boeken': {
    title: 'DJ boeken',
    metaTitle: 'DJ boeken voor je feest',
    metaDescription: 'Boek een DJ voor je bruiloft, bedrijfsfeest of verjaardag. Vergelijk DJ’s op muziekstijl, prijs en reviews en boek direct via Podium.',
    intro: 'De juiste plaat op het juiste moment: boek een DJ die jouw publiek leest, van de eerste borrel tot het laatste nummer.',
    category: 'djs',
    artistsNoun: 'DJ’s',
    why: [
      { title: 'Voor elke muzieksmaak', text: 'Van foute party tot house en van Nederlandstalig tot de grootste hits van nu: filter op de stijl die bij jouw feest past.' },
      availability,
      safePayment,
    ],
    priceNote: 'DJ’s zijn de voordeligste manier om een dansvloer vol te krijgen. De prijs hangt af van de speelduur, de apparatuur en extra’s zoals een lichtshow.',
    faq: [
      {
        question: 'Neemt de DJ zijn eigen apparatuur mee?',
        answer: 'Ja, vrijwel elke DJ op Podium neemt een complete set mee: draaitafels, speakers en basisverlichting. In het pakket zie je wat er precies bij zit.',
      },
      { question: 'Kan ik verzoeknummers doorgeven?', answer: 'Zeker. Via de chat stem je vooraf een lijst af met nummers die zeker moeten komen en nummers die je liever niet hoort.' },
      bookingFaq,
      cancelFaq,
    ],
  },
  '/coverband-boeken': {
    title: 'Coverband boeken',
    metaTitle: 'Coverband boeken',
    metaDescription: 'Boek een coverband die alle hits speelt die iedereen kent. Vergelijk coverbands op repertoire, prijs en reviews en boek veilig via Podium.',
    intro: 'Alle hits die iedereen kent, live gespeeld door topmuzikanten. Een coverband krijgt jong en oud op de dansvloer.',
    category: 'coverbands',
    artistsNoun: 'coverbands',
    why: [{ title: 'Repertoire vooraf bekend', text: 'Op elk profiel staan de nummers en genres, zodat je weet wat je kunt verwachten.' }, verifiedReviews, safePayment],
    priceNote: 'Coverbands spelen vaak met vijf tot acht muzikanten en een eigen geluids- en lichtset; daardoor liggen ze hoger in prijs dan een DJ of duo.',
    faq: [
      {
        question: 'Mogen we zelf nummers kiezen?',
        answer: 'Bij de meeste coverbands kies je vooraf een paar nummers uit hun repertoire. Een speciaal nummer instuderen voor de openingsdans kan vaak tegen een kleine meerprijs.',
      },
      { question: 'Hoe hard speelt een coverband?', answer: 'Goede coverbands passen hun volume aan de zaal aan. Heeft je locatie een geluidsbegrenzer, geef dat dan door in je aanvraag.' },
      bookingFaq,
      cancelFaq,
    ],
  },
  '/bruiloft-entertainment': {
    title: 'Bruiloft entertainment',
    metaTitle: 'Entertainment voor je bruiloft',
    metaDescription: 'Muziek en entertainment voor je bruiloft: trouwbands, DJ’s, duo’s voor de ceremonie en acts. Vergelijk op prijs en reviews en boek via Podium.',
    intro: 'Van ceremonie tot feest: muziek die past bij jullie mooiste dag. Vind een duo voor het jawoord, een band voor het diner en een DJ tot de laatste dans.',
    category: 'huwelijk',
    artistsNoun: 'artiesten voor bruiloften',
    why: [
      { title: 'Ervaren met bruiloften', text: 'Deze artiesten kennen het draaiboek: de opkomst, de openingsdans en het moment om de dansvloer op gang te brengen.' },
      verifiedReviews,
      availability,
    ],
    priceNote: 'Bruiloften vallen vaak op een zaterdag in het hoogseizoen (mei tot en met september). Boek op tijd: populaire artiesten zijn dan een jaar vooruit volgeboekt.',
    faq: [
      {
        question: 'Hoe ver van tevoren moeten we boeken?',
        answer: 'Voor een zaterdag tussen mei en september raden we negen tot twaalf maanden van tevoren aan. Voor doordeweekse data of de winter is drie maanden meestal genoeg.',
      },
      {
        question: 'Kan één artiest de ceremonie én het feest verzorgen?',
        answer: 'Veel bands en duo’s bieden een combinatiepakket: akoestisch tijdens de ceremonie en het diner, en daarna vol uit op het feest.',
      },
      bookingFaq,
      cancelFaq,
    ],
  },
  '/bedrijfsfeest-entertainment': {
    title: 'Bedrijfsfeest entertainment',
    metaTitle: 'Entertainment voor je bedrijfsfeest',
    metaDescription: 'Bands, DJ’s en acts voor je bedrijfsfeest of personeelsfeest. Vergelijk op prijs en reviews en boek veilig via Podium.',
    intro: 'Acts en muziek die je collega’s nog lang bijblijven: van een sfeervolle borrel tot een personeelsfeest waar de hele zaal danst.',
    category: 'bedrijfsfeest',
    artistsNoun: 'artiesten voor bedrijfsfeesten',
    why: [
      { title: 'Geschikt voor elk bedrijf', text: 'Van een borrel met twintig collega’s tot een jubileum met duizend gasten: filter op artiesten met ervaring op bedrijfsfeesten.' },
      { title: 'Eén aanspreekpunt', text: 'Alle afspraken, betalingen en bevestigingen staan op één plek; de boekingsbevestiging download je als PDF voor je administratie.' },
      safePayment,
    ],
    priceNote: 'December is de drukste maand voor bedrijfsfeesten. Wie in september of oktober boekt, heeft de meeste keus.',
    faq: [
      { question: 'Krijg ik een factuur voor de administratie?', answer: 'Na de betaling download je de boekingsbevestiging als PDF, met alle bedragen en de servicevergoeding apart vermeld.' },
      {
        question: 'Kunnen artiesten rekening houden met ons programma?',
        answer: 'Ja. Geef tijden voor speeches of een prijsuitreiking door in je aanvraag of via de chat, dan plant de artiest zijn sets daaromheen.',
      },
      bookingFaq,
      cancelFaq,
    ],
  },
  '/duo-boeken': {
    title: 'Duo boeken',
    metaTitle: 'Muzikaal duo boeken',
    metaDescription: 'Boek een muzikaal duo voor je ceremonie, diner of borrel. Akoestisch en sfeervol; vergelijk duo’s op prijs en reviews via Podium.',
    intro: 'Intiem en sfeervol: een muzikaal duo voor borrel, diner of ceremonie. Klein van bezetting, groot in sfeer.',
    category: 'duos',
    artistsNoun: 'duo’s',
    why: [{ title: 'Past overal', text: 'Een duo heeft weinig ruimte en stroom nodig en speelt net zo makkelijk in een kerk als in een strandtent.' }, verifiedReviews, availability],
    priceNote: 'Duo’s zijn voordeliger dan een volledige band en uitstekend geschikt voor de rustigere momenten van je feest, zoals de ceremonie of het diner.',
    faq: [
      {
        question: 'Kan een duo ook een dansfeest verzorgen?',
        answer: 'Sommige duo’s spelen met backingtracks en brengen wel degelijk een dansvloer op gang. Op het profiel en in de reviews lees je waar het duo het sterkst in is.',
      },
      { question: 'Speelt een duo ook buiten?', answer: 'Ja, mits er stroom en bij regen een overkapping is. Vermeld in je aanvraag dat het om een buitenlocatie gaat.' },
      bookingFaq,
      cancelFaq,
    ],
  },
  '/artiest-boeken': {
    title: 'Artiest boeken',
    metaTitle: 'Artiest boeken voor je evenement',
    metaDescription: 'Boek een artiest voor je feest of evenement: bands, DJ’s, duo’s, acts en bekende artiesten. Vergelijk op prijs, reviews en beschikbaarheid via Podium.',
    intro: 'Vind en boek de artiest die bij jouw feest past: van bekende namen tot lokaal talent, van liveband tot goochelaar.',
    category: null,
    artistsNoun: 'artiesten',
    why: [{ title: 'Alles op één plek', text: 'Bands, DJ’s, duo’s en acts vergelijk je naast elkaar, met vaste prijzen in plaats van offertes.' }, verifiedReviews, safePayment],
    priceNote: 'Het verschil tussen de goedkoopste en duurste artiest is groot: een DJ of act begint laag, een coverband of bekende artiest vraagt meer. Filter op je budget om snel te zien wat past.',
    faq: [
      {
        question: 'Welke artiest past bij mijn feest?',
        answer: 'Voor een borrel of diner kies je vaak een duo of akoestische act, voor een dansfeest een band of DJ. Op Podium filter je op soort artiest, gelegenheid, stad en budget.',
      },
      { question: 'Zijn de prijzen inclusief reiskosten?', answer: 'De vanafprijs geldt binnen het reisgebied van de artiest. Eventuele reiskosten daarbuiten zie je vóór je betaalt.' },
      bookingFaq,
      cancelFaq,
    ],
  },
  '/live-muziek-boeken': {
    title: 'Live muziek boeken',
    metaTitle: 'Live muziek boeken',
    metaDescription: 'Live muziek voor je feest, diner of evenement: zangers, muzikanten en ensembles. Vergelijk op prijs en reviews en boek veilig via Podium.',
    intro: 'Niets zo sfeervol als echte muzikanten op jouw feest. Van een saxofonist bij de borrel tot een zanger bij het diner.',
    category: 'live-muziek',
    artistsNoun: 'muzikanten',
    why: [{ title: 'Voor elk moment', text: 'Achtergrondmuziek bij het diner, een feestelijke opkomst of een optreden als hoogtepunt van de avond.' }, availability, verifiedReviews],
    priceNote: 'Solisten en kleine bezettingen zijn vaak al voor een paar honderd euro te boeken; de prijs groeit met het aantal muzikanten en de speelduur.',
    faq: [
      { question: 'Kan live muziek samengaan met een DJ?', answer: 'Heel goed. Een populaire combinatie is een saxofonist of percussionist die live meespeelt met de DJ.' },
      {
        question: 'Hoe zit het met geluid bij akoestische muziek?',
        answer: 'De meeste muzikanten nemen een kleine geluidsset mee. Voor grotere zalen kun je via onze sound & light service extra geluid regelen.',
      },
      bookingFaq,
      cancelFaq,
    ],
  },
};
