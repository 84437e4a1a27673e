import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { leavePageAsFound, standInBrowserApis } from '@podium/shared/jsdom-page.test-support';

// findBy and waitFor wait up to 10 s for what a user would see, not testing-library's 1 s: the unit
// files run side by side and beside the rest of `npm test` on two cores, where a render can take
// seconds. A test still fails when the thing never shows.
configure({ asyncUtilTimeout: 10_000 });

leavePageAsFound(cleanup);
// jsdom lacks these; MUI and recharts ask for them.
standInBrowserApis();
