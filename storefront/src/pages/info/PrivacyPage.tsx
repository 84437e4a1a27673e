// /privacy: the privacy policy (AVG/GDPR): who is responsible, which data, why and on what
// basis, how long, who receives it, the visitor's rights, cookies.
import { Container } from '@chakra-ui/react';
import { Link } from 'react-router';
import { PageHero, Prose } from '../../content/PageHero.tsx';
import { breadcrumbJsonLd, PageMeta } from '../../seo/PageMeta.tsx';
import { site } from '../../site.ts';

const crumbs = [
  { name: 'Home', path: '/' },
  { name: 'Privacybeleid', path: '/privacy' },
];

export const privacyUpdated = '22 november 2026';

export default function PrivacyPage() {
  return (
    <>
      <PageMeta
        title="Privacybeleid"
        description="Welke gegevens Podium verwerkt, waarom, hoe lang we ze bewaren en welke rechten je hebt onder de AVG."
        path="/privacy"
        jsonLd={[breadcrumbJsonLd(crumbs)]}
      />
      <PageHero title="Privacybeleid" intro={`Zo gaan we om met je gegevens. Laatst bijgewerkt op ${privacyUpdated}.`} crumbs={crumbs} />
      <Container maxW="7xl" px={{ base: '4', md: '6' }} py={{ base: '8', md: '12' }}>
        <Prose>
          <h2>Wie is verantwoordelijk?</h2>
          <p>
            {site.name} ({site.address[0]}, {site.address[1]}, KvK {site.kvk}) is de verwerkingsverantwoordelijke voor de persoonsgegevens die via dit platform worden verwerkt. Vragen over privacy
            stel je via <a href={`mailto:${site.email}`}>{site.email}</a> of telefonisch via {site.phone}.
          </p>
          <p>Boek je een artiest, dan ontvangt die artiest de gegevens die nodig zijn om het optreden te verzorgen. De artiest is zelf verantwoordelijk voor wat hij daarna met die gegevens doet.</p>

          <h2>Welke gegevens we verwerken en waarom</h2>
          <table>
            <thead>
              <tr>
                <th scope="col">Gegevens</th>
                <th scope="col">Doel</th>
                <th scope="col">Grondslag</th>
              </tr>
            </thead>
            <tbody>
              <tr>
                <td>Naam, e-mailadres, wachtwoord (versleuteld), telefoonnummer, profielfoto</td>
                <td>Je account aanmaken en beheren, inloggen</td>
                <td>Uitvoering van de overeenkomst</td>
              </tr>
              <tr>
                <td>Boekingsgegevens: datum, locatie, soort evenement, prijs, status</td>
                <td>Boekingen tussen klant en artiest mogelijk maken, bevestigingen en herinneringen sturen</td>
                <td>Uitvoering van de overeenkomst</td>
              </tr>
              <tr>
                <td>Betaalgegevens: bedrag, betaalmethode, status (geen volledige rekening- of kaartnummers)</td>
                <td>Betalingen en terugbetalingen afhandelen via Mollie, boekhouding</td>
                <td>Overeenkomst en wettelijke plicht</td>
              </tr>
              <tr>
                <td>Chatberichten met artiesten</td>
                <td>Afstemmen van het optreden, bemiddelen bij geschillen</td>
                <td>Uitvoering van de overeenkomst</td>
              </tr>
              <tr>
                <td>Reviews en beoordelingen</td>
                <td>Andere klanten helpen kiezen; alleen na een betaalde boeking</td>
                <td>Gerechtvaardigd belang</td>
              </tr>
              <tr>
                <td>Contact- en offerteaanvragen (naam, e-mail, telefoon, bericht, evenementgegevens)</td>
                <td>Je vraag beantwoorden of een offerte opstellen</td>
                <td>Gerechtvaardigd belang, of stappen vóór een overeenkomst</td>
              </tr>
              <tr>
                <td>BANDS-tegoed en referralgegevens</td>
                <td>Het referralprogramma uitvoeren</td>
                <td>Uitvoering van de overeenkomst</td>
              </tr>
              <tr>
                <td>Technische gegevens: IP-adres (als versleutelde hash bij formulieren), apparaat, foutmeldingen</td>
                <td>Beveiliging, misbruik tegengaan, storingen oplossen</td>
                <td>Gerechtvaardigd belang</td>
              </tr>
              <tr>
                <td>Gebruiksstatistieken en advertentiemetingen</td>
                <td>De website verbeteren en campagnes meten</td>
                <td>Toestemming (cookies, zie hieronder)</td>
              </tr>
            </tbody>
          </table>

          <h2>Hoe lang we gegevens bewaren</h2>
          <ul>
            <li>Accountgegevens: zolang je account bestaat. Verwijder je je account, dan wissen we je profiel binnen 30 dagen.</li>
            <li>Boekings- en betaalgegevens: 7 jaar, omdat de Belastingdienst dat van ons vraagt.</li>
            <li>Chatberichten: tot 2 jaar na de laatste boeking met die artiest.</li>
            <li>Contact- en offerteaanvragen: 2 jaar na afhandeling.</li>
            <li>Reviews: zolang het artiestenprofiel bestaat; bij het verwijderen van je account tonen we de review zonder je naam.</li>
            <li>Technische logbestanden: maximaal 90 dagen.</li>
          </ul>

          <h2>Met wie we gegevens delen</h2>
          <p>We verkopen je gegevens nooit. We delen ze alleen met:</p>
          <ul>
            <li>de artiest die je boekt of met wie je chat, voor zover nodig voor het optreden;</li>
            <li>Mollie B.V., onze betaaldienstverlener, voor het afhandelen van betalingen;</li>
            <li>onze hosting- en e-mailleveranciers, die gegevens alleen in de Europese Economische Ruimte en in onze opdracht verwerken (met een verwerkersovereenkomst);</li>
            <li>analyse- en advertentiediensten, alleen als je daarvoor toestemming gaf;</li>
            <li>instanties die daar wettelijk recht op hebben.</li>
          </ul>

          <h2>Cookies</h2>
          <p>
            Noodzakelijke cookies en lokale opslag gebruiken we altijd: om je ingelogd te houden, je favorieten op dit apparaat te bewaren en je cookiekeuze te onthouden. Analytische en
            marketingcookies plaatsen we alleen als je daar in de cookiebanner toestemming voor geeft. Je keuze pas je op elk moment aan via de cookie-instellingen onderaan de website; intrekken is
            net zo makkelijk als toestemming geven.
          </p>

          <h2>Je rechten</h2>
          <p>Onder de Algemene verordening gegevensbescherming (AVG) heb je het recht om:</p>
          <ul>
            <li>je gegevens in te zien en een kopie te krijgen;</li>
            <li>onjuiste gegevens te laten verbeteren;</li>
            <li>je gegevens te laten wissen, voor zover we ze niet wettelijk moeten bewaren;</li>
            <li>de verwerking te laten beperken of bezwaar te maken tegen verwerking op grond van gerechtvaardigd belang;</li>
            <li>je gegevens in een gangbaar formaat mee te nemen (dataportabiliteit);</li>
            <li>een gegeven toestemming in te trekken.</li>
          </ul>
          <p>
            Stuur je verzoek naar <a href={`mailto:${site.email}`}>{site.email}</a>. We reageren binnen een maand. Ben je niet tevreden over hoe we met je gegevens omgaan, dan kun je een klacht
            indienen bij de Autoriteit Persoonsgegevens (autoriteitpersoonsgegevens.nl).
          </p>

          <h2>Beveiliging</h2>
          <p>
            Alle verbindingen zijn versleuteld, wachtwoorden slaan we alleen versleuteld op en medewerkers hebben alleen toegang tot de gegevens die ze voor hun werk nodig hebben. Merk je toch iets
            verdachts op? Meld het ons direct.
          </p>

          <h2>Wijzigingen</h2>
          <p>
            We passen dit beleid aan als ons platform of de wet verandert. Bij belangrijke wijzigingen laten we het je vooraf weten. Zie ook onze <Link to="/terms">algemene voorwaarden</Link>.
          </p>
        </Prose>
      </Container>
    </>
  );
}
