import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Field } from './field.tsx';

describe('Field', () => {
  it('names the input by its label and describes it by its hint', () => {
    render(<Field label="Password" hint="At least 8 characters." type="password" />);
    const input = screen.getByLabelText('Password');
    expect(input.getAttribute('type')).toBe('password');
    const hint = document.getElementById(input.getAttribute('aria-describedby') ?? '');
    expect(hint?.textContent).toBe('At least 8 characters.');
  });
  it('has no description without a hint', () => {
    render(<Field label="Email" type="email" />);
    expect(screen.getByLabelText('Email').hasAttribute('aria-describedby')).toBe(false);
  });
});
