// /terms: the terms and conditions of the marketplace: Podium's role, bookings, payment through
// Mollie, cancellation and refunds, the BANDS referral rules (the rules app_config holds, see
// policy.ts), reviews, liability.
import { Container } from '@chakra-ui/react';
import { dutchCents } from '@podium/shared/dutch';
import { Link } from 'react-router';
import { PageHero, Prose } from '../../content/PageHero.tsx';
import { breadcrumbJsonLd, PageMeta } from '../../seo/PageMeta.tsx';
import { site } from '../../site.ts';
import { bookingPolicy as policy } from './policy.ts';

const crumbs = [
  { name: 'Home', path: '/' },
  { name: 'Algemene voorwaarden', path: '/terms' },
];

const days = (hours: number) => (hours % 24 === 0 ? `${hours / 24} ${hours === 24 ? 'dag' : 'dagen'}` : `${hours} uur`);

export default function TermsPage() {
  return (
    <>
      <PageMeta
        title="Algemene voorwaarden"
        description="De voorwaarden van Podium: onze rol als platform, boeken en betalen via Mollie, annuleren en terugbetalen, reviews en aansprakelijkheid."
        path="/terms"
        jsonLd={[breadcrumbJsonLd(crumbs)]}
      />
      <PageHero title="Algemene voorwaarden" intro="Duidelijke afspraken voor klanten en artiesten. Laatst bijgewerkt op 22 november 2026." crumbs={crumbs} />
      <Container maxW="7xl" px={{ base: '4', md: '6' }} py={{ base: '8', md: '12' }}>
        <Prose>
          <h2>1. Wie we zijn en wat we doen</h2>
          <p>
            Deze voorwaarden gelden voor het gebruik van het platform van {site.name}, {site.address[0]}, {site.address[1]} (KvK {site.kvk}). Podium is een online marktplaats: we brengen klanten en
            artiesten (bands, DJ’s, duo’s, acts en andere muzikanten) met elkaar in contact en handelen de betaling af.
          </p>
          <p>
            De overeenkomst over het optreden sluit je rechtstreeks met de artiest. Podium is geen partij bij die overeenkomst en is niet de organisator van je evenement. De artiest is
            verantwoordelijk voor het optreden zelf; wij zijn verantwoordelijk voor het platform, de betaling en de afhandeling van annuleringen volgens deze voorwaarden.
          </p>

          <h2>2. Je account</h2>
          <ul>
            <li>Een account is gratis. Je moet minstens 18 jaar zijn en je gegevens naar waarheid invullen.</li>
            <li>Je houdt je wachtwoord geheim en bent verantwoordelijk voor wat er met je account gebeurt.</li>
            <li>Artiesten worden door ons beoordeeld voordat hun profiel zichtbaar wordt. We mogen een profiel weigeren of verwijderen als het niet klopt of deze voorwaarden schendt.</li>
          </ul>

          <h2>3. Boeken</h2>
          <ol>
            <li>Je stuurt via het platform een boekingsaanvraag met datum, tijd, locatie en het gekozen pakket.</li>
            <li>De artiest heeft {days(policy.requestAnswerHours)} om je aanvraag te accepteren of af te wijzen. Zonder antwoord vervalt de aanvraag vanzelf; je betaalt dan niets.</li>
            <li>Na acceptatie heb je {days(policy.paymentWindowHours)} om te betalen. De boeking is definitief zodra je betaling binnen is; betaal je niet op tijd, dan vervalt de boeking.</li>
            <li>Na een definitieve boeking ontvangen jij en de artiest een bevestiging per e-mail, en kun je de boeking als PDF downloaden.</li>
          </ol>

          <h2>4. Prijzen en betalen</h2>
          <ul>
            <li>De prijs van de artiest staat bij het pakket en is inclusief btw voor zover de artiest btw-plichtig is. Een pakket kost minimaal {dutchCents(policy.packageMinPriceCents)}.</li>
            <li>Podium rekent een servicevergoeding van {policy.platformFeePercent}% over de prijs van de artiest. Je ziet het totaalbedrag vóór je betaalt.</li>
            <li>Je betaalt via onze betaaldienstverlener Mollie met iDEAL, creditcard of Bancontact. Podium bewaart het bedrag en betaalt de artiest uit nadat het optreden heeft plaatsgevonden.</li>
            <li>BANDS-tegoed uit het referralprogramma kun je bij het afrekenen gebruiken. Tegoed is niet in te wisselen voor geld.</li>
          </ul>
          <h3 id="vrienden-uitnodigen">Vrienden uitnodigen (BANDS)</h3>
          <ul>
            <li>
              Meld je je aan met de uitnodigingscode van iemand anders, dan krijg je {dutchCents(policy.welcomeCreditCents)} welkomstkorting op een boeking. De korting geldt alleen bij het afrekenen,
              binnen {policy.welcomeCreditValidDays} dagen na je aanmelding en niet bij een act van degene die je uitnodigde. Wordt die boeking geannuleerd of vervalt ze, dan kun je de korting bij een
              volgende boeking gebruiken.
            </li>
            <li>Een uitnodigingscode kun je alleen invullen binnen {policy.referralCodeWindowDays} dagen na het aanmaken van je account, één keer, en niet voor iemand die jou zelf uitnodigde.</li>
            <li>
              Wie uitnodigt, krijgt {dutchCents(policy.referralBonusCents)} aan BANDS zodra het eerste optreden van de uitgenodigde klant heeft plaatsgevonden, als die daarvoor minstens{' '}
              {dutchCents(policy.referralMinBookingCents)} betaalde (BANDS tellen niet mee), niet voor een boeking van de eigen act, en ten hoogste {policy.referralBonusMonthlyCap} keer per
              kalendermaand. Wordt dat optreden alsnog terugbetaald, dan boeken we de bonus terug, voor zover het tegoed dat toelaat.
            </li>
          </ul>

          <h2>5. Annuleren en terugbetalen</h2>
          <h3>Annuleert de artiest of Podium?</h3>
          <p>Dan krijg je altijd het volledige betaalde bedrag terug, inclusief servicevergoeding, en komt gebruikt BANDS-tegoed weer op je account.</p>
          <h3>Annuleer je zelf?</h3>
          <table>
            <thead>
              <tr>
                <th scope="col">Moment van annuleren</th>
                <th scope="col">Terugbetaling</th>
              </tr>
            </thead>
            <tbody>
              <tr>
                <td>{policy.refundFullDaysBefore} dagen of meer voor het optreden</td>
                <td>100% van het betaalde bedrag</td>
              </tr>
              <tr>
                <td>
                  {policy.refundPartialDaysBefore} tot {policy.refundFullDaysBefore} dagen voor het optreden
                </td>
                <td>{policy.refundPartialPercent}% van het betaalde bedrag</td>
              </tr>
              <tr>
                <td>Minder dan {policy.refundPartialDaysBefore} dagen voor het optreden</td>
                <td>Geen terugbetaling</td>
              </tr>
            </tbody>
          </table>
          <p>
            Gebruikt BANDS-tegoed krijg je volgens dezelfde termijnen terug als het betaalde bedrag (een gebruikte welkomstkorting alleen wanneer alles terugkomt). Een betaling die binnenkomt voor een
            boeking die al geannuleerd of vervallen is, betalen we volledig terug. Terugbetalingen lopen via Mollie naar de rekening of kaart waarmee je betaalde en staan meestal binnen enkele
            werkdagen op je rekening.
          </p>
          <p>Als consument heb je geen herroepingsrecht van 14 dagen voor een optreden op een vaste datum (artikel 6:230p Burgerlijk Wetboek); daarom gelden de termijnen hierboven.</p>

          <h2>6. Reviews</h2>
          <ul>
            <li>Alleen klanten met een afgerond, betaald optreden kunnen een review schrijven, één per boeking.</li>
            <li>Reviews moeten eerlijk zijn en gaan over het optreden. Beledigende, discriminerende of misleidende reviews verwijderen we.</li>
            <li>De artiest kan openbaar op een review reageren. We passen reviews niet aan en verwijderen ze niet omdat ze negatief zijn.</li>
          </ul>

          <h2>7. Gedragsregels</h2>
          <p>
            Je gebruikt het platform niet om afspraken buiten Podium om te maken voor een optreden dat je via Podium vond, niet om spam of ongepaste berichten te sturen en niet om anderen te
            misleiden. Bij misbruik mogen we je account blokkeren.
          </p>

          <h2>8. Aansprakelijkheid</h2>
          <ul>
            <li>De artiest is aansprakelijk voor het optreden, zijn apparatuur en het naleven van afspraken over tijden, geluid en locatie.</li>
            <li>De klant is verantwoordelijk voor een geschikte locatie, stroomvoorziening en eventuele vergunningen.</li>
            <li>
              Podium is alleen aansprakelijk voor directe schade die het gevolg is van een tekortkoming van Podium zelf, tot maximaal het bedrag dat je voor de betreffende boeking aan Podium betaalde.
              Dit geldt niet bij opzet of bewuste roekeloosheid.
            </li>
            <li>Bij overmacht (zoals ziekte van de artiest of een verbod van overheidswege) zoeken we samen met je naar een vervanger of betalen we terug volgens artikel 5.</li>
          </ul>

          <h2>9. Klachten</h2>
          <p>
            Niet tevreden? Laat het ons binnen 14 dagen na het optreden weten via <Link to="/contact">het contactformulier</Link> of {site.email}. We reageren binnen vijf werkdagen en bemiddelen waar
            nodig tussen jou en de artiest.
          </p>

          <h2>10. Privacy en toepasselijk recht</h2>
          <p>
            Hoe we met je gegevens omgaan, lees je in ons <Link to="/privacy">privacybeleid</Link>. Op deze voorwaarden is Nederlands recht van toepassing. Geschillen leggen we voor aan de bevoegde
            rechter in Amsterdam, tenzij de wet een andere rechter aanwijst.
          </p>
        </Prose>
      </Container>
    </>
  );
}
