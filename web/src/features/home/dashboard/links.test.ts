import { describe, expect, it } from 'vitest';
import { CAMPAIGN_CARD_PATHS, campaignStatusPath, mayOpen, settlementPath, slotReportPath } from './links';

describe('dashboard links', () => {
  it('opens the campaign lists with the status of their card', () => {
    expect(CAMPAIGN_CARD_PATHS).toEqual({
      awaitingApproval: '/campaign/request/list',
      live: '/campaign/run/list?cmpgStatus=50',
      endingSoon: '/campaign/run/list?cmpgStatus=110',
    });
    expect(campaignStatusPath(24)).toBe('/campaign/temp/list?cmpgStatus=24');
    expect(campaignStatusPath(120)).toBe('/campaign/end/list?cmpgStatus=120');
    expect(campaignStatusPath(0)).toBeNull();
  });

  it('opens the slot report over the first to the last day drawn', () => {
    expect(slotReportPath(['2026-03-03', '2026-03-01', '2026-03-14'])).toBe('/report/slot/list?fromDate=2026-03-01&toDate=2026-03-14');
    expect(slotReportPath([])).toBeNull();
  });

  it('opens a settlement list on its month', () => {
    expect(settlementPath('media', '2026-02')).toBe('/settlement/media/list?month=2026-02');
  });

  it('links only where the user may go: the list or view permission of the screen\'s program', () => {
    const user = { programCodeList: ['campaign.run:list', 'media.media:view', 'settlement.sales:list'] };
    expect(mayOpen(user, '/campaign/run/list?cmpgStatus=50')).toBe(true);
    expect(mayOpen(user, '/campaign/request/list')).toBe(false);
    expect(mayOpen(user, '/media/media/view?mediaId=3')).toBe(true);
    expect(mayOpen(user, '/media/media/list')).toBe(false);
    expect(mayOpen(user, settlementPath('sales', '2026-02'))).toBe(true);
    expect(mayOpen(null, '/campaign/run/list')).toBe(false);
  });
});
