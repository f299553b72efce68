import { configure } from '@testing-library/react';

/**
 * `findBy…` and `waitFor` wait up to 10 s instead of Testing Library's 1 s: a page test waits on its
 * mocked fetches and React's renders, which on two busy cores (CI runs the unit tests beside the
 * journeys, scripts/test.sh) took longer than a second (seen: "Loading accessories..." still shown
 * after 1 s). A test that should fail still fails, only later.
 */
configure({ asyncUtilTimeout: 10_000 });
