import { type ClassValue, clsx } from 'clsx';

/**
 * Joins class names, dropping falsy ones. It does not resolve conflicts (two utilities for one property):
 * a component offers a variant instead of letting callers override its classes, and a conditional class
 * replaces its alternative rather than stacking on it. (A merging library cost every page 8.5 KB.)
 */
export function cn(...inputs: ClassValue[]): string {
  return clsx(inputs);
}
