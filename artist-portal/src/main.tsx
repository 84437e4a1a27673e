// The portal's start-up: where errors are reported, then the route table (app/routes.tsx).
import { startApp } from '@podium/shared/shell';
import { setErrorReporter } from '@podium/shared/errors/report.ts';
import { routes } from './app/routes.tsx';

// The portal has no analytics service: what goes wrong is written to the console, where a support session finds it.
setErrorReporter((error, context) => console.error(`Podium Artiestenportaal (${context.source ?? 'window'}):`, error));

startApp({ routes });
