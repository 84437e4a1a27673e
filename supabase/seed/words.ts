// Dutch (and Flemish) words and sentences the generator composes from. Placeholders in braces
// ({name}, {city}, ...) are filled in by `fill`.
import type { ArtistKind } from './catalog.ts';

export const firstNames = {
  NL: [
    'Sanne',
    'Daan',
    'Lotte',
    'Bram',
    'Emma',
    'Sem',
    'Julia',
    'Lucas',
    'Fleur',
    'Thijs',
    'Noor',
    'Jesse',
    'Sophie',
    'Ruben',
    'Anouk',
    'Niels',
    'Eva',
    'Jeroen',
    'Femke',
    'Stijn',
    'Lieke',
    'Marieke',
    'Joris',
    'Ilse',
    'Pieter',
    'Esther',
    'Koen',
    'Mirthe',
    'Tim',
    'Anke',
    'Gijs',
    'Hanna',
    'Mees',
    'Roos',
    'Jens',
    'Laura',
    'Maarten',
    'Inge',
    'Tom',
    'Floor',
    'Rik',
    'Yara',
    'Milan',
    'Iris',
    'Kevin',
    'Nadia',
    'Ayoub',
    'Samira',
    'Luuk',
    'Vera',
  ],
  BE: [
    'Wout',
    'Elke',
    'Bart',
    'Griet',
    'Lien',
    'Arne',
    'Jana',
    'Sien',
    'Wouter',
    'Nele',
    'Toon',
    'Kobe',
    'Lore',
    'Febe',
    'Seppe',
    'Ine',
    'Jef',
    'Hanne',
    'Lander',
    'Marthe',
    'Stef',
    'Fien',
    'Robbe',
    'Axelle',
  ],
} as const;

export const lastNames = {
  NL: [
    'de Vries',
    'Jansen',
    'van den Berg',
    'Bakker',
    'Visser',
    'Smit',
    'Meijer',
    'de Boer',
    'Mulder',
    'de Groot',
    'Bos',
    'Vos',
    'Hendriks',
    'van Leeuwen',
    'Dekker',
    'Brouwer',
    'de Wit',
    'Dijkstra',
    'Smits',
    'de Graaf',
    'van der Meer',
    'Kok',
    'van Dijk',
    'Verhoeven',
    'Koster',
    'Prins',
    'Huisman',
    'Kuipers',
    'van Wijk',
    'Postma',
    'El Amrani',
    'Yilmaz',
  ],
  BE: [
    'Peeters',
    'Janssens',
    'Maes',
    'Jacobs',
    'Mertens',
    'Willems',
    'Claes',
    'Goossens',
    'Wouters',
    'De Smet',
    'Van den Broeck',
    'Verbeke',
    'Hermans',
    'Vermeulen',
    'Aerts',
    'De Backer',
    'Lambrechts',
    'Van Damme',
    'De Clercq',
    'Vandenberghe',
  ],
} as const;

export const festivals = ['de Zwarte Cross', 'Dauwpop', 'Rock Werchter', 'Pukkelpop', 'Concert at Sea', 'Paaspop', 'de Gentse Feesten'];

const intros: Record<ArtistKind, readonly string[]> = {
  band: [
    '{name} is een {membersWord}koppige band uit {city} die sinds {year} zalen en feesttenten op zijn kop zet.',
    'Uit {city} komt {name}: {membersWord} muzikanten met een groot hart voor {genre}.',
    '{name} ontstond in {year} in een oefenruimte in {city} en groeide uit tot een vaste waarde op bruiloften en festivals.',
    'Met {membersWord} muzikanten en een flinke dosis energie brengt {name} {genre} zoals het bedoeld is: live en zonder trucjes.',
  ],
  coverband: [
    '{name} speelt de grootste hits van toen en nu, van ABBA tot Dua Lipa, en dat al sinds {year}.',
    '{name} is een coverband uit {city} met één missie: de dansvloer vol krijgen en vol houden.',
    'Sinds {year} staat {name} bijna elk weekend op een ander podium, van tentfeest tot gala.',
    'Wie {name} boekt, krijgt {membersWord} rasmuzikanten die {genre} spelen alsof hun leven ervan afhangt.',
  ],
  dj: [
    '{name} draait al sinds {year} op bruiloften, bedrijfsfeesten en in de clubs van {city}.',
    'Als {name} achter de draaitafels staat, blijft niemand lang aan de bar hangen.',
    '{name} is een DJ uit {city} die {genre} moeiteloos mengt met de feestklassiekers die iedereen wil horen.',
    'Van de eerste borrelplaat tot de laatste meezinger: {name} leest de zaal als geen ander.',
  ],
  duo: [
    '{name} is een muzikaal duo uit {city}: twee stemmen, een handvol instrumenten en heel veel sfeer.',
    'Met z’n tweeën maken ze van elke ruimte een huiskamer: {name} speelt {genre} met een persoonlijk randje.',
    'De twee van {name} leerden elkaar kennen op het conservatorium en treden sinds {year} samen op.',
    '{name} brengt {genre} zo intiem dat je gasten hun gesprek even vergeten.',
  ],
  act: [
    '{name} zorgt voor een act waar je gasten nog jaren over napraten.',
    'Vanuit {city} reist {name} het hele land door met een show vol verrassingen.',
    '{name} brengt {genre} tot bij je gasten: midden tussen de mensen in plaats van ver weg op een podium.',
    'Sinds {year} is {name} een begrip op bedrijfsfeesten, bruiloften en festivals.',
  ],
  solo: [
    '{name} is een veelgevraagde naam uit {city} voor wie houdt van {genre}.',
    'Al sinds {year} verzorgt {name} de muzikale omlijsting van ceremonies, diners en recepties.',
    '{name} maakt van elk moment iets bijzonders, van de eerste noot bij de ceremonie tot de laatste toegift.',
    'Met {genre} van het hoogste niveau geeft {name} je feest precies de klasse die het verdient.',
  ],
};

const middles: readonly string[] = [
  'Het repertoire is breed: ingetogen tijdens het diner en uitbundig zodra de dansvloer opengaat.',
  'Eigen geluid en licht gaan standaard mee, dus je hoeft nergens aan te denken.',
  'Vooraf stemmen jullie samen de muziek af, inclusief de openingsdans of dat ene speciale verzoeknummer.',
  'Ze spelen in heel Nederland en Vlaanderen en zijn kleine zalen én grote evenementen gewend.',
  'Verzoeknummers zijn altijd welkom, ook op de avond zelf.',
  'In {festivalYear} stonden ze nog op {festival}, maar een bruiloft in een boerenschuur voelt net zo goed als thuiskomen.',
  'Opbouwen gaat snel en stil, zodat niemand iets merkt van de voorbereidingen.',
  'Het programma is flexibel: korte sets tussen de speeches door of een hele avond vol muziek.',
  'Na honderden bedrijfsfeesten weten ze precies wanneer het tijd is om het tempo op te voeren.',
  'Kleding, repertoire en volume passen ze moeiteloos aan de sfeer van jullie dag aan.',
];

const closings: readonly string[] = [
  'Boek {name} en zie hoe je feest vanzelf gaat.',
  'Neem gerust contact op voor een vrijblijvend kennismakingsgesprek.',
  'Stuur een bericht met je datum en je krijgt snel een voorstel op maat.',
  'Reken op een avond waar je gasten nog lang over napraten.',
  'Dansschoenen aan: de rest regelen zij.',
];

export const bioParts = { intros, middles, closings };

export interface PackageTemplate {
  name: string;
  description: string;
  durationMinutes: number;
  /** Price relative to the artist's price level. */
  factor: number;
  /** Wall-clock start, hours and minutes, for bookings of this package. */
  startsAt: [number, number];
}

export const packageTemplates: Record<ArtistKind, readonly PackageTemplate[]> = {
  band: [
    { name: 'Receptie-set', description: 'Twee akoestische sets van 30 minuten tijdens de ontvangst of borrel.', durationMinutes: 90, factor: 0.6, startsAt: [16, 0] },
    { name: 'Feestavond', description: 'Drie sets van 45 minuten met alle feestklassiekers, inclusief eigen geluid en licht.', durationMinutes: 180, factor: 1, startsAt: [21, 0] },
    { name: 'Complete bruiloft', description: 'Muziek bij de ceremonie, het diner en het feest: de hele dag één band.', durationMinutes: 420, factor: 1.7, startsAt: [17, 0] },
  ],
  coverband: [
    { name: 'Basis', description: 'Twee sets van 60 minuten met de grootste hits van vijf decennia.', durationMinutes: 150, factor: 0.85, startsAt: [21, 0] },
    { name: 'Feestavond', description: 'Drie sets van 45 minuten, DJ-muziek in de pauzes en een complete geluids- en lichtset.', durationMinutes: 210, factor: 1, startsAt: [20, 30] },
    { name: 'All-in', description: 'Vier sets, DJ tot sluitingstijd, uitgebreide lichtshow en een vroege opbouw.', durationMinutes: 300, factor: 1.45, startsAt: [20, 0] },
  ],
  dj: [
    { name: 'Borrel', description: 'Sfeervolle achtergrondmuziek tijdens de borrel of het diner, met een compacte opstelling.', durationMinutes: 120, factor: 0.6, startsAt: [17, 0] },
    { name: 'Feestavond', description: 'Vijf uur draaien met geluid en basisverlichting; verzoeknummers welkom.', durationMinutes: 300, factor: 1, startsAt: [20, 0] },
    {
      name: 'All-in met lichtshow',
      description: 'Zes uur draaien, uitgebreide lichtshow, rookmachine en een draadloze microfoon voor de speeches.',
      durationMinutes: 360,
      factor: 1.4,
      startsAt: [19, 30],
    },
  ],
  duo: [
    { name: 'Ceremonie', description: 'Live muziek tijdens jullie ceremonie, inclusief binnenkomst- en uitloopnummer.', durationMinutes: 45, factor: 0.6, startsAt: [14, 0] },
    { name: 'Ceremonie en receptie', description: 'De ceremonie plus twee sets tijdens de receptie.', durationMinutes: 150, factor: 1, startsAt: [14, 0] },
    { name: 'Diner en feest', description: 'Sfeervolle sets tijdens het diner en een swingende afsluiting op de dansvloer.', durationMinutes: 240, factor: 1.5, startsAt: [18, 30] },
  ],
  act: [
    { name: 'Korte act', description: 'Een optreden van 30 minuten als verrassend intermezzo.', durationMinutes: 30, factor: 0.6, startsAt: [20, 0] },
    { name: 'Walking act', description: 'Twee rondes van 45 minuten tussen de gasten, met een pauze ertussen.', durationMinutes: 120, factor: 1, startsAt: [19, 0] },
    { name: 'Showprogramma', description: 'Een volledige show met twee optredens en veel interactie met het publiek.', durationMinutes: 180, factor: 1.5, startsAt: [19, 30] },
  ],
  solo: [
    { name: 'Ceremonie', description: 'Muzikale begeleiding van de ceremonie, met een afstemmingsgesprek vooraf.', durationMinutes: 45, factor: 0.6, startsAt: [13, 30] },
    { name: 'Receptie of diner', description: 'Twee sets van 50 minuten sfeervolle muziek op de achtergrond.', durationMinutes: 120, factor: 1, startsAt: [17, 30] },
    { name: 'De hele dag', description: 'Van ceremonie tot toost: muziek op elk belangrijk moment van de dag.', durationMinutes: 360, factor: 1.6, startsAt: [13, 0] },
  ],
};

/** Price level in euros (the 1.0 package), by kind: [min, max]. */
export const priceLevels: Record<ArtistKind, [number, number]> = {
  band: [1800, 4200],
  coverband: [2200, 5200],
  dj: [450, 1200],
  duo: [600, 1500],
  act: [350, 1400],
  solo: [350, 2400],
};

export const reviewTexts: Record<number, readonly string[]> = {
  5: [
    'Wat een avond! {name} wist precies wat ons publiek wilde horen. De dansvloer was de hele avond vol.',
    'Super professioneel, op tijd en muzikaal echt top. Onze gasten vragen nog steeds wie er speelde.',
    'Vanaf het eerste nummer zat de sfeer erin. Bedankt voor een onvergetelijke bruiloft!',
    'Heel fijn contact vooraf en ze hadden zelfs onze openingsdans ingestudeerd. Een aanrader!',
    'Geboekt voor ons bedrijfsfeest en iedereen was enthousiast, van stagiair tot directeur. Volgend jaar weer!',
    'Onze ceremonie was zo ontroerend, mede dankzij de muziek. Er werd meer dan één traantje gelaten.',
    'Strak georganiseerd, vriendelijk en wat een energie op het podium.',
    'Top! Flexibel toen het diner uitliep en daarna gingen ze er vol voor.',
    'Mijn schoonmoeder stond op tafel te dansen. Meer hoef ik niet te zeggen.',
  ],
  4: [
    'Heel goed optreden, alleen stond het geluid in het begin wat hard. Verder echt een aanrader.',
    'Leuke sets en goed contact met het publiek. De pauzes vonden we wat lang.',
    'Prima avond gehad. Het repertoire mocht voor ons iets meer Nederlandstalig, maar de sfeer was goed.',
    'Fijne samenwerking en een mooi optreden. Het opbouwen duurde iets langer dan afgesproken.',
    'Onze gasten hebben genoten. Net geen vijf sterren omdat één verzoeknummer er niet in zat.',
  ],
  3: [
    'Muzikaal in orde, maar het sloeg minder aan bij ons publiek dan we hadden gehoopt.',
    'Redelijk optreden. De communicatie vooraf kon beter, op de avond zelf was het prima.',
    'Ze kwamen een half uur te laat door de file. Daarna was het gewoon goed.',
  ],
  2: ['Helaas niet wat we verwacht hadden: weinig interactie en veel te lange pauzes.', 'Het geluid was rommelig en de set voelde ongeoefend. Jammer.'],
};

export const reviewReplies: Record<'positive' | 'critical', readonly string[]> = {
  positive: [
    'Dank jullie wel! Het was een eer om op jullie feest te spelen. Geniet van elkaar!',
    'Wat fijn om te lezen, bedankt voor het vertrouwen. Hopelijk tot een volgende keer!',
    'Dankjewel! Jullie waren een fantastisch publiek.',
  ],
  critical: [
    'Bedankt voor je eerlijke feedback. We hebben het geluid inmiddels anders ingericht.',
    'Sorry voor de vertraging, dat hadden we beter moeten communiceren. Fijn dat het feest verder geslaagd was.',
    'Dank voor je review, we nemen je punten mee naar de volgende optredens.',
  ],
};

export const eventTypes = ['bruiloft', 'bedrijfsfeest', 'verjaardag', 'jubileum', 'kerstborrel', 'festival', 'communiefeest'] as const;
export type EventType = (typeof eventTypes)[number];

export const cancellationReasons = {
  customer: ['Het feest gaat helaas niet door.', 'We hebben de datum moeten verzetten.', 'De locatie is gewijzigd en te ver weg.'],
  artist: ['Door ziekte kunnen we helaas niet optreden.', 'Een bandlid is die dag verhinderd; excuses voor het ongemak.'],
};

export const declineReasons = ['Helaas zijn we die avond al elders geboekt.', 'Deze locatie ligt buiten ons werkgebied.', 'Voor dit type evenement zijn we niet de juiste keuze, sorry!'];

export const bookingNotes = [
  'We trouwen in de tuin; is er een plan B bij regen?',
  'Graag de openingsdans live: Perfect van Ed Sheeran.',
  'Het is een verrassingsfeest, dus graag niet bellen naar het huisnummer!',
  'We verwachten ongeveer {guests} gasten.',
  'Parkeren kan achter de zaal, de laaddeur is aan de zijkant.',
  'Kunnen jullie ook een paar Vlaamse meezingers spelen?',
  'Het feest is een jubileum van 25 jaar; graag wat muziek uit de jaren negentig.',
];

/** Chat scripts: alternating customer (even index) and artist (odd index) lines. */
export const chatScripts: readonly (readonly string[])[] = [
  [
    'Hoi! Wij gaan trouwen in {city}. Zijn jullie op onze datum nog beschikbaar?',
    'Hallo {customerFirst}, gefeliciteerd! Die datum is nog vrij. Hoeveel gasten verwachten jullie?',
    'Ongeveer {guests} gasten, het feest begint rond half negen.',
    'Klinkt goed. Het pakket Feestavond past daar mooi bij. Zal ik een voorstel klaarzetten?',
    'Graag! En kunnen jullie ook onze openingsdans spelen?',
    'Zeker, laat maar weten welk nummer het is.',
  ],
  [
    'Goedemiddag, we organiseren een bedrijfsfeest voor zo’n {guests} collega’s. Hebben jullie ervaring met grotere zalen?',
    'Goedemiddag! Zeker, we spelen regelmatig voor groepen van die omvang. Weten jullie al waar het feest is?',
    'In {venue} in {city}.',
    'Daar hebben we eerder gestaan, prima locatie. We nemen ons eigen geluid en licht mee.',
    'Top, dan dien ik de aanvraag vandaag nog in.',
  ],
  [
    'Hoe laat willen jullie komen opbouwen?',
    'We zijn er graag twee uur voor aanvang. Is er een lift of moeten we de trap op?',
    'Er is een lift aan de achterkant, bij de laaddeur.',
    'Perfect, dan zien we elkaar op de dag zelf!',
  ],
  ['Nogmaals bedankt voor het optreden, iedereen was laaiend enthousiast!', 'Wat leuk om te horen! Het was ook voor ons een topavond.', 'Ik laat zeker een review achter.'],
  [
    'Kunnen we vooraf een lijstje met verzoeknummers doorgeven?',
    'Ja hoor, stuur gerust een lijstje. Nummers die we beter níet kunnen spelen zijn ook handig.',
    'Haha, dan zet ik de polonaise op de zwarte lijst.',
    'Genoteerd! 😉',
  ],
  [
    'Zijn de reiskosten bij de prijs inbegrepen?',
    'Binnen 50 kilometer van {artistCity} wel; daarbuiten rekenen we een kleine toeslag.',
    'Helder, dank je. Dan boek ik het pakket dat we besproken hebben.',
    'Super, we kijken ernaar uit!',
  ],
];

const numberWords = ['nul', 'een', 'twee', 'drie', 'vier', 'vijf', 'zes', 'zeven', 'acht', 'negen', 'tien', 'elf', 'twaalf', 'dertien', 'veertien', 'vijftien', 'zestien'];

export function numberWord(count: number): string {
  return numberWords[count] ?? String(count);
}

/** A genre inside a sentence: lower-case, except where Dutch capitalises (Ierse folk, Motown). */
export function genreInSentence(genre: string): string {
  return /^(Ierse|Italiaanse|Caribische|Vlaamse|Motown)/.test(genre) ? genre : genre[0]!.toLowerCase() + genre.slice(1);
}

/** Fills `{key}` placeholders; an unknown key is a bug in the word lists, so it throws. */
export function fill(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{(\w+)\}/g, (_, key: string) => {
    const value = values[key];
    if (value === undefined) throw new Error(`no value for {${key}} in "${template}"`);
    return String(value);
  });
}
