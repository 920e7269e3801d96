import { describe, expect, it } from 'vitest';
import { corrigoStopErrors } from './clock';
import { corrigoStopStatusesFrom, isCorrigoStopStatus } from './corrigo-statuses';

describe('the Stop dialog\'s Corrigo status and comment', () => {
  it('offers pause or finish while checked in, finish while paused, nothing otherwise', () => {
    expect(corrigoStopStatusesFrom('CheckedIn')).toEqual(['Paused', 'CheckedOut', 'Completed']);
    expect(corrigoStopStatusesFrom('Paused')).toEqual(['CheckedOut', 'Completed']);
    expect(corrigoStopStatusesFrom('Accepted')).toEqual([]);
    expect(corrigoStopStatusesFrom(null)).toEqual([]);
    expect([isCorrigoStopStatus('Completed'), isCorrigoStopStatus('OnHold'), isCorrigoStopStatus(null)]).toEqual([true, false, false]);
  });

  it('requires both when the company says so, and a comment of 5 characters with any status', () => {
    expect(corrigoStopErrors({}, true)).toEqual({ status: 'Corrigo Status field is required!', comment: 'Corrigo Comment field is required!' });
    expect(corrigoStopErrors({ status: 'Paused', comment: ' Wait ' }, true)).toEqual({ comment: 'Corrigo Comment must be at least 5 characters.' });
    expect(corrigoStopErrors({ status: 'Paused', comment: 'Waiting for parts' }, true)).toEqual({});
    expect(corrigoStopErrors({ comment: 'left empty on purpose' }, false)).toEqual({});
    expect(corrigoStopErrors({ status: 'CheckedOut', comment: '' }, false)).toEqual({ comment: 'Corrigo Comment field is required!' });
  });
});
