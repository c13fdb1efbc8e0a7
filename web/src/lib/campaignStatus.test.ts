import { describe, expect, it } from 'vitest';
import { campaignPath, listOfStatus } from './campaignStatus';

describe('campaign statuses', () => {
  it('belong to the list that shows them, stored approved and live ones too', () => {
    expect(listOfStatus(30)).toBe('run');
    expect(listOfStatus(50)).toBe('run');
    expect(listOfStatus(0)).toBeNull();
  });

  it('follow a campaign to the screen of its status', () => {
    expect(campaignPath(24, 3)).toBe('/campaign/temp/write?cmpgId=3');
    expect(campaignPath(27, 3)).toBe('/campaign/request/view?cmpgId=3');
    expect(campaignPath(30, 3)).toBe('/campaign/run/view?cmpgId=3');
    expect(campaignPath(60, 3)).toBe('/campaign/end/view?cmpgId=3');
    expect(campaignPath(0, 3, 'request')).toBe('/campaign/request/list');
  });
});
