import { describe, expect, it } from 'vitest';
import { providerStatusText, toCheckOutStatus, toStopStatusOptions } from './service-channel-mapper';

describe('toStopStatusOptions', () => {
  it('keeps the primary statuses a technician may set, with the provider\'s extended statuses, IN PROGRESS first', () => {
    const options = toStopStatusOptions([
      { Primary: 'OPEN', Extended: ['DECLINED'] },
      { Primary: 'COMPLETED', Extended: ['PENDING CONFIRMATION', 'CONFIRMED'] },
      { Primary: 'IN PROGRESS', Extended: ['ON SITE', 'TECH DELAYED', 'ON SITE', ''] },
      { Primary: 'INVOICED', Extended: [] },
    ]);
    expect(options.map((o) => o.id)).toEqual(['IN PROGRESS', 'COMPLETED']);
    expect(options[0].extended).toEqual([{ id: 'ON SITE', name: 'ON SITE' }, { id: 'TECH DELAYED', name: 'TECH DELAYED' }]);
  });
});

describe('toCheckOutStatus', () => {
  it('maps our statuses to universalCheckOut\'s PrimaryStatus values', () => {
    expect(toCheckOutStatus('COMPLETED', 'CONFIRMED')).toEqual({ PrimaryStatus: 'Completed', ExtendedStatus: null });
    expect(toCheckOutStatus('IN PROGRESS', null)).toEqual({ PrimaryStatus: 'InProgress', ExtendedStatus: null });
    expect(toCheckOutStatus('in progress', 'parts on order')).toEqual({ PrimaryStatus: 'PartsOnOrder', ExtendedStatus: 'PARTS ON ORDER' });
    expect(toCheckOutStatus('IN PROGRESS', 'WAITING FOR QUOTE')).toEqual({ PrimaryStatus: 'WaitingForQuote', ExtendedStatus: 'WAITING FOR QUOTE' });
    expect(toCheckOutStatus('IN PROGRESS', 'INCOMPLETE')).toEqual({ PrimaryStatus: 'Incomplete', ExtendedStatus: 'INCOMPLETE' });
    expect(toCheckOutStatus('IN PROGRESS', 'TECH DELAYED')).toEqual({ PrimaryStatus: 'InProgress', ExtendedStatus: 'TECH DELAYED' });
    expect(toCheckOutStatus(null, 'ON SITE')).toEqual({ PrimaryStatus: 'NoStatusChange', ExtendedStatus: null });
  });

  it('writes the provider status as PRIMARY / EXTENDED', () => {
    expect(providerStatusText({ Primary: 'IN PROGRESS', Extended: 'ON SITE' })).toBe('IN PROGRESS / ON SITE');
    expect(providerStatusText({ Primary: 'COMPLETED', Extended: null })).toBe('COMPLETED');
  });
});
