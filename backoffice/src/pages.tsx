import { appName } from './app-name.ts';

export function HomePage() {
  return (
    <>
      <h1>{appName}</h1>
      <p>Beheer van artiesten, boekingen, nieuws en goedkeuringen.</p>
    </>
  );
}
