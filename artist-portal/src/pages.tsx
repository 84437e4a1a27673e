import { appName } from './app-name.ts';

export function HomePage() {
  return (
    <>
      <h1>{appName}</h1>
      <p>Je artiestenprofiel, boekingen en reviews op één plek.</p>
    </>
  );
}
