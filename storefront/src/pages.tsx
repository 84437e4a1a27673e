import { appName } from './app-name.ts';

export function HomePage() {
  return (
    <>
      <h1>{appName}</h1>
      <p>Vind en boek live artiesten voor bruiloften en bedrijfsfeesten.</p>
    </>
  );
}
