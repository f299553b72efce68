// @vitest-environment happy-dom
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { FUTURE_BATCH_ITEM } from '../../../shared/business-profile';
import { SetupChecklist } from './business-profile-page';

describe('the set-up checklist’s batch item (issue 38, component, happy-dom)', () => {
  afterEach(cleanup);

  it('a filled-in profile whose batches have all passed: the dashboard says no batch is dated in the future, without the example-profile heading', () => {
    render(
      <SetupChecklist
        example={false}
        checklist={[
          { key: 'signatory', label: 'Signatory', done: true },
          { key: 'futureBatch', label: FUTURE_BATCH_ITEM, done: false },
        ]}
      />,
    );
    const list = screen.getByRole('region', { name: 'Set-up checklist' });
    expect(within(list).getByRole('heading', { name: 'No batch dated in the future' })).toBeTruthy();
    expect(list.textContent).not.toContain('still the example');
    const items = within(list)
      .getAllByRole('listitem')
      .map((item) => item.textContent);
    expect(items).toEqual(['✓ Signatory (done)', `○ ${FUTURE_BATCH_ITEM} (to do)`]);
  });
});
