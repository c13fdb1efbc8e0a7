import { describe, expect, it } from 'vitest';
import type { ResourceDefinition } from './definition';
import { refreshInterval } from './resourceApi';

const base: ResourceDefinition = {
  title: '소재',
  apiPath: 'campaign/material',
  routeBase: '/campaign/material',
  program: 'campaign.material',
  idField: 'matId',
  idType: 'number',
  columns: [],
  filters: [],
  fields: [],
};

describe('refreshInterval', () => {
  it('never asks again without refreshSeconds', () => {
    expect(refreshInterval(base, [{ busy: true }])).toBe(false);
  });

  it('asks again every refreshSeconds when no condition narrows it', () => {
    expect(refreshInterval({ ...base, refreshSeconds: 30 }, [])).toBe(30_000);
    expect(refreshInterval({ ...base, refreshSeconds: 30 }, undefined)).toBe(30_000);
  });

  it('with refreshWhile, asks again only while a row shown holds it', () => {
    const definition = { ...base, refreshSeconds: 5, refreshWhile: (row: Record<string, unknown>) => row.busy === true };
    expect(refreshInterval(definition, [{ busy: false }, { busy: true }])).toBe(5_000);
    expect(refreshInterval(definition, [{ busy: false }, { busy: false }])).toBe(false);
    expect(refreshInterval(definition, [])).toBe(false);
    expect(refreshInterval(definition, undefined)).toBe(false);
  });
});
