import { describe, expect, it } from 'vitest';
import { isIgnorableError, isLoadingError } from './client-errors.ts';

describe('isIgnorableError', () => {
  it.each([
    [new Error('MetaMask: Received invalid isUnlocked parameter')],
    [Object.assign(new Error('boom'), { stack: 'at chrome-extension://abcdef/inpage.js:1:1' })],
    [new Error('Cannot redefine property: ethereum')],
    ['Script error from https://www.googletagmanager.com/gtag/js'],
  ])('ignores errors from wallets and tag scripts: %s', (error) => {
    expect(isIgnorableError(error)).toBe(true);
  });

  it('uses the failing script URL too', () => {
    expect(isIgnorableError(new Error('x'), 'moz-extension://id/content.js')).toBe(true);
  });

  it.each([
    [new TypeError("Cannot read properties of undefined (reading 'id')")],
    [new Error('Network request failed')],
  ])('keeps our own errors: %s', (error) => {
    expect(isIgnorableError(error)).toBe(false);
  });
});

describe('isLoadingError', () => {
  it.each([
    'Failed to fetch dynamically imported module: https://x/assets/a.js',
    'Importing a module script failed.',
    'ChunkLoadError: Loading chunk 3 failed.',
    'Unable to preload CSS for /assets/a.css',
  ])('recognises "%s"', (message) => {
    expect(isLoadingError(new Error(message))).toBe(true);
  });

  it('does not treat other errors as loading errors', () => {
    expect(isLoadingError(new Error('Invalid plan'))).toBe(false);
  });
});
