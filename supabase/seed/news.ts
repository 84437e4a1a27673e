// The news section's articles: written by hand, in markdown. `daysAgo` places them before the
// seed's reference date; drafts have no publication date.

export interface NewsTemplate {
  slug: string;
  title: string;
  excerpt: string;
  body: string;
  /** Days before the reference date it was published; null for a draft. */
  daysAgo: number | null;
  /** Drives the cover image. */
  theme: 'bruiloft' | 'bedrijfsfeest' | 'bands' | 'podium' | 'techniek' | 'tips';
}

export const newsTemplates: readonly NewsTemplate[] = [
  {
    slug: 'zo-kies-je-de-perfecte-trouwband',
    title: 'Zo kies je de perfecte trouwband',
    excerpt: 'Van de ceremonie tot de laatste dans: waar let je op als je live muziek voor je bruiloft zoekt?',
    theme: 'bruiloft',
    daysAgo: 3,
    body: `Live muziek maakt van een mooie bruiloft een onvergetelijke. Maar hoe kies je uit honderden bands de juiste? Begin bij jullie eigen smaak: welke muziek draaien jullie thuis, en wat wil je dat je gasten zich over tien jaar nog herinneren?

## Kijk verder dan de setlist

Een goede trouwband leest de zaal. Vraag daarom niet alleen naar het repertoire, maar ook naar hoe de band omgaat met een dansvloer die nog even op gang moet komen. Bekijk filmpjes van echte optredens, niet alleen studio-opnames.

## Plan op tijd

Populaire bands zijn voor zaterdagen in mei tot en met september vaak een jaar vooruit volgeboekt. Heb je je datum? Stuur dan meteen een aanvraag via Podium: je ziet direct welke artiesten nog beschikbaar zijn.

## Vergeet de praktische zaken niet

Hoeveel ruimte heeft de band nodig? Is er genoeg stroom? Mag er tot 01.00 uur muziek gemaakt worden? Een goede band stelt die vragen zelf, maar het helpt als je de antwoorden al paraat hebt.`,
  },
  {
    slug: 'vijf-tips-voor-een-onvergetelijk-bedrijfsfeest',
    title: 'Vijf tips voor een onvergetelijk bedrijfsfeest',
    excerpt: 'Een personeelsfeest waar iedereen over napraat? Met deze vijf tips zit je goed.',
    theme: 'bedrijfsfeest',
    daysAgo: 9,
    body: `Een bedrijfsfeest is meer dan een borrel met bitterballen. Het is hét moment om collega’s te bedanken en elkaar buiten de vergaderkamer te leren kennen.

1. **Kies een thema, maar houd het luchtig.** Een thema helpt bij de aankleding en de muziekkeuze, maar niemand zit te wachten op een verplichte verkleedpartij.
2. **Denk aan de opbouw van de avond.** Begin met sfeervolle muziek tijdens het eten en bouw daarna op naar de dansvloer.
3. **Mix live muziek met een DJ.** Een band zorgt voor het wow-moment, een DJ houdt de vaart erin tijdens de pauzes.
4. **Regel een verrassingsact.** Een goochelaar aan tafel of een vuurshow buiten zorgt voor gespreksstof.
5. **Boek op tijd.** December is de drukste maand van het jaar; begin in september met zoeken.

Op Podium filter je eenvoudig op artiesten die ervaring hebben met bedrijfsfeesten.`,
  },
  {
    slug: 'welkom-vlaanderen',
    title: 'Welkom, Vlaanderen!',
    excerpt: 'Podium breidt uit: vanaf nu boek je ook artiesten uit Antwerpen, Gent, Brugge en de rest van Vlaanderen.',
    theme: 'podium',
    daysAgo: 21,
    body: `Goed nieuws voor iedereen die van een feest houdt: Podium is nu ook actief in Vlaanderen. Van coverbands uit Kortrijk tot DJ’s uit Hasselt, je vindt ze allemaal op één plek.

Voor Vlaamse klanten verandert er weinig: je betaalt gewoon in euro’s, de voorwaarden zijn dezelfde en onze klantenservice spreekt jouw taal. Nederlandse klanten kunnen natuurlijk ook Vlaamse artiesten boeken, en andersom.

We zijn benieuwd welke Vlaams-Nederlandse samenwerkingen dit oplevert. Een Limburgse bruiloft met een Antwerpse band? Het kan vanaf vandaag.`,
  },
  {
    slug: 'verdien-bands-met-je-vriendencode',
    title: 'Verdien BANDS met je vriendencode',
    excerpt: 'Nodig vrienden uit voor Podium en verdien BANDS-tegoed dat je bij je volgende boeking gebruikt.',
    theme: 'tips',
    daysAgo: 34,
    body: `Met BANDS belonen we iedereen die Podium aanbeveelt. Zo werkt het:

- Je vindt je persoonlijke code in het **BANDS Dashboard**.
- Een vriend die zich aanmeldt met jouw code krijgt meteen een welkomstbonus.
- Zodra die vriend de eerste boeking betaalt, krijg jij een referralbonus.

Je BANDS-saldo zet je bij het afrekenen in als korting op je volgende boeking. Op het leaderboard zie je wie de meeste vrienden heeft uitgenodigd. Wie weet sta jij volgende maand bovenaan!`,
  },
  {
    slug: 'de-populairste-feestnummers-van-dit-jaar',
    title: 'De populairste feestnummers van dit jaar',
    excerpt: 'Welke nummers werden het vaakst aangevraagd bij artiesten op Podium? We zetten ze op een rij.',
    theme: 'bands',
    daysAgo: 48,
    body: `We vroegen onze artiesten welke verzoeknummers ze dit jaar het vaakst hoorden. De klassiekers blijven het goed doen: *Mr. Brightside*, *Dancing Queen* en *Zij gelooft in mij* staan nog altijd in de top tien.

Opvallend is de opmars van Nederlandstalige meezingers. Coverbands melden dat een avond zonder minstens drie Nederlandstalige nummers bijna niet meer voorkomt. In Vlaanderen is het niet anders: daar gaat het dak eraf bij de eerste tonen van een Vlaamse schlager.

Bij de openingsdans wint de ballad het nog steeds van het uptempo-nummer, al kiezen steeds meer stellen voor een verrassende wissel halverwege.`,
  },
  {
    slug: 'achter-de-schermen-bij-een-coverband',
    title: 'Achter de schermen bij een coverband',
    excerpt: 'Wat gebeurt er allemaal voordat de eerste noot klinkt? We liepen een dag mee.',
    theme: 'bands',
    daysAgo: 63,
    body: `Om twaalf uur ’s middags staat het busje al voor de deur. Versterkers, een drumstel, twee kisten met kabels en een lichtset gaan erin, in een volgorde die de band in de loop der jaren heeft geperfectioneerd.

## Soundcheck

Op locatie begint het echte werk. Terwijl de catering de tafels dekt, zoekt de geluidsman de beste plek voor de speakers. "Elke zaal klinkt anders," legt hij uit. "Een oude kerk galmt, een feesttent slikt alles op."

## Het optreden

Om half negen gaat het licht uit en de eerste akkoorden van de openingsdans klinken. Wat volgt zijn drie sets vol hits, een paar verzoeknummers en om kwart voor één een toegift die niemand wil missen.

Om half drie staat alles weer in het busje. "Dit is het mooiste werk dat er is," zegt de zangeres. "Je maakt elke week iemands belangrijkste dag mee."`,
  },
  {
    slug: 'geluid-en-licht-wat-heb-je-nodig',
    title: 'Geluid en licht: wat heb je nodig?',
    excerpt: 'Speakers, monitors, een lichtshow: wat regelt de artiest en wat moet je zelf organiseren?',
    theme: 'techniek',
    daysAgo: 80,
    body: `Veel artiesten op Podium nemen hun eigen geluid en licht mee. Toch loont het om vooraf een paar dingen na te gaan.

**Stroom.** Een band heeft al snel twee aparte groepen van 16 ampère nodig. Vraag de locatie waar de stopcontacten zitten.

**Ruimte.** Reken voor een vijfkoppige band op minimaal vijf bij drie meter. Een DJ kan toe met twee bij een meter.

**Geluidsbeperkingen.** Sommige zalen hebben een geluidsbegrenzer. Laat dat de artiest op tijd weten, zodat die de set kan aanpassen.

Wil je het helemaal zorgeloos? Bekijk dan onze pagina over Sound & Light: daar vind je complete pakketten inclusief technicus.`,
  },
  {
    slug: 'dj-of-band-op-je-bruiloft',
    title: 'Een DJ of een band op je bruiloft?',
    excerpt: 'De eeuwige vraag voor elk bruidspaar. We zetten de voor- en nadelen op een rij.',
    theme: 'bruiloft',
    daysAgo: 102,
    body: `Een band brengt beleving: echte muzikanten, interactie met het publiek en dat kippenvelmoment bij de openingsdans. Een DJ is flexibeler, heeft een eindeloos repertoire en neemt minder ruimte in.

Steeds meer stellen kiezen voor allebei. De band speelt twee of drie sets, de DJ vult de pauzes en gaat door tot de laatste gast naar huis gaat. Zo heb je het beste van twee werelden.

Twijfel je? Stuur een paar artiesten een bericht via Podium en vraag wat zij zouden aanraden voor jullie dag. Je krijgt vaak binnen een dag antwoord.`,
  },
  {
    slug: 'zo-werkt-boeken-via-podium',
    title: 'Zo werkt boeken via Podium',
    excerpt: 'Van aanvraag tot optreden in vier stappen, met een veilige betaling en duidelijke afspraken.',
    theme: 'podium',
    daysAgo: 130,
    body: `Boeken via Podium is eenvoudig en veilig.

1. **Aanvraag.** Kies een artiest en een pakket, vul je datum en locatie in en stuur je aanvraag.
2. **Bevestiging door de artiest.** De artiest accepteert je aanvraag, meestal binnen een dag.
3. **Betalen.** Je rekent veilig af; pas dan is de boeking definitief.
4. **Het feest.** Na afloop laat je een review achter, zodat andere klanten weten wat ze kunnen verwachten.

Tussendoor chat je rechtstreeks met de artiest over de details. Alles staat overzichtelijk onder **Boekingen**, waar je ook je bevestiging als PDF downloadt.`,
  },
  {
    slug: 'kerstborrel-plannen-begin-op-tijd',
    title: 'Kerstborrel plannen? Begin op tijd',
    excerpt: 'De decemberweekenden raken snel vol. Dit zijn de artiesten die nog ruimte hebben.',
    theme: 'bedrijfsfeest',
    daysAgo: 1,
    body: `December is traditioneel de drukste maand voor artiesten. Vooral de vrijdagen voor kerst zijn populair bij bedrijven die hun personeel willen bedanken.

Toch is er nog ruimte: veel DJ’s en duo’s hebben op donderdagen en in de week tussen kerst en oud en nieuw nog plek. Filter in het artiestenoverzicht op datum en je ziet meteen wie beschikbaar is.

Tip: combineer de kerstborrel met een verrassende act, zoals zingende obers of een sneltekenaar. Goed voor de sfeer én voor de foto’s.`,
  },
  {
    slug: 'podium-in-cijfers',
    title: 'Podium in cijfers',
    excerpt: 'Hoeveel feesten, hoeveel artiesten, hoeveel openingsdansen? Een terugblik op het afgelopen jaar.',
    theme: 'podium',
    daysAgo: null,
    body: `Concept: de cijfers worden in januari aangevuld.

Dit jaar werden via Podium honderden feesten geboekt, van kleine verjaardagen in de achtertuin tot gala’s met duizend gasten. Onze artiesten reisden samen honderdduizenden kilometers en speelden ontelbare openingsdansen.`,
  },
  {
    slug: 'nieuwe-functie-beschikbaarheid-in-een-oogopslag',
    title: 'Nieuw: beschikbaarheid in één oogopslag',
    excerpt: 'Artiesten kunnen nu hun agenda bijhouden in Podium, zodat je direct ziet wie er op jouw datum kan.',
    theme: 'techniek',
    daysAgo: null,
    body: `Concept voor de release van de nieuwe agendafunctie.

Artiesten blokkeren voortaan data in hun dashboard, en geaccepteerde boekingen verschijnen automatisch in hun agenda. Voor klanten betekent dat: zoeken op datum laat alleen artiesten zien die echt kunnen.`,
  },
];
