import { Link } from 'react-router';
import { appName } from './app-name.ts';

export function HomePage() {
  return (
    <>
      <h1>{appName}</h1>
      <p>Vind en boek live artiesten voor bruiloften en bedrijfsfeesten.</p>
    </>
  );
}

export function NotFoundPage() {
  return (
    <>
      <h1>Pagina niet gevonden</h1>
      <p>Deze pagina bestaat niet (meer).</p>
      <Link to="/">Naar de homepage</Link>
    </>
  );
}
