import { describe, expect, it } from 'vitest';
import {
  CLAIM_FALLBACK,
  CLAIMS_META_CONTENT,
  claimFigures,
  claimsKey,
  fillClaims,
  fillClaimsDeep,
  formatClaimCount,
  parseClaimsMeta,
  SOCIAL_PROOF_FLOOR,
} from './claims.ts';

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
    const figures = { workflows: '50+', integrations: '20+', members: '', downloads: '', deploys: '' };
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
    expect(parseClaimsMeta('50+|20+|||')).toEqual({
      workflows: '50+',
      integrations: '20+',
      members: '',
      downloads: '',
      deploys: '',
    });
    expect(parseClaimsMeta('50+|20+|100+|2,000+|300+')).toMatchObject({ members: '100+', deploys: '300+' });
    expect(parseClaimsMeta(CLAIMS_META_CONTENT)).toBeUndefined();
    expect(parseClaimsMeta('50+|20+')).toBeUndefined();
    expect(parseClaimsMeta(null)).toBeUndefined();
    expect(CLAIM_FALLBACK).toEqual({
      workflows: '2,170+',
      integrations: '500+',
      members: '',
      downloads: '',
      deploys: '',
    });
    expect(parseClaimsMeta(claimsKey(CLAIM_FALLBACK))).toEqual(CLAIM_FALLBACK);
  });

  it('writes a use figure (members, downloads, deploys) only from its floor up, and never guesses one', () => {
    const below = SOCIAL_PROOF_FLOOR - 1;
    expect(
      claimFigures({ workflows: 5, integrations: 3, members: below, downloads: below, deploys: 0 }),
    ).toEqual({ workflows: '5', integrations: '3', members: '', downloads: '', deploys: '' });
    expect(
      claimFigures({
        workflows: 56,
        integrations: 27,
        members: SOCIAL_PROOF_FLOOR,
        downloads: 2345,
        deploys: 150,
      }),
    ).toEqual({
      workflows: '50+',
      integrations: '20+',
      members: '100+',
      downloads: '2,000+',
      deploys: '100+',
    });
    expect(fillClaims('<dd>{{memberCount}}</dd>', { ...CLAIM_FALLBACK })).toBe('<dd></dd>');
  });
});
