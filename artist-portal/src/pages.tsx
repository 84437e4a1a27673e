import { appName } from './app-name.ts';

export function HomePage() {
  return (
    <>
      <h1>{appName}</h1>
      <p>Je artiestenprofiel, boekingen en reviews op één plek.</p>
    </>
  );
}

export function NotFoundPage() {
  return (
    <>
      <h1>Pagina niet gevonden</h1>
      <p>Deze pagina bestaat niet (meer).</p>
      {/* The homepage belongs to the storefront, another app on this origin: a full-page navigation. */}
      <a href="/">Naar de homepage</a>
    </>
  );
}
