import { describe, expect, it } from 'vitest';
import { CLAIM_FALLBACK, fillClaims, fillClaimsDeep, formatClaimCount, parseClaimsMeta } from './claims.ts';

describe('claims written from the catalogue', () => {
  it('rounds down the way the spec writes claims, never overstating', () => {
    expect(formatClaimCount(0)).toBe('0');
    expect(formatClaimCount(7)).toBe('7');
    expect(formatClaimCount(27)).toBe('20+');
    expect(formatClaimCount(56)).toBe('50+');
    expect(formatClaimCount(100)).toBe('100+');
    expect(formatClaimCount(999)).toBe('900+');
    expect(formatClaimCount(2170)).toBe('2,000+');
    expect(formatClaimCount(3300)).toBe('3,000+');
    expect(formatClaimCount(52_345)).toBe('52,000+');
  });

  it('fills both placeholders, in text and in content objects', () => {
    const figures = { workflows: '50+', integrations: '20+' };
    expect(fillClaims('{{workflowCount}} workflows, {{integrationCount}} integrations', figures)).toBe(
      '50+ workflows, 20+ integrations',
    );
    expect(
      fillClaimsDeep({ a: ['{{workflowCount}}'], n: 3, b: { c: '{{integrationCount}}' } }, figures),
    ).toEqual({
      a: ['50+'],
      n: 3,
      b: { c: '20+' },
    });
  });

  it('reads the figures the server wrote into the meta tag, and nothing from an unfilled one', () => {
    expect(parseClaimsMeta('50+|20+')).toEqual({ workflows: '50+', integrations: '20+' });
    expect(parseClaimsMeta('{{workflowCount}}|{{integrationCount}}')).toBeUndefined();
    expect(parseClaimsMeta(null)).toBeUndefined();
    expect(CLAIM_FALLBACK).toEqual({ workflows: '2,170+', integrations: '500+' });
  });
});
