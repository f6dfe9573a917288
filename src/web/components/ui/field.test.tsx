import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Field, PasswordField } from './field.tsx';

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

describe('PasswordField', () => {
  it('tells a new password from the current one, and shows the rule only for a new one', () => {
    render(
      <>
        <PasswordField purpose="new" label="New password" />
        <PasswordField purpose="current" label="Your password" />
      </>,
    );
    const created = screen.getByLabelText('New password');
    expect(created.getAttribute('type')).toBe('password');
    expect(created.getAttribute('autocomplete')).toBe('new-password');
    expect(created.getAttribute('maxlength')).toBe('128');
    const rule = document.getElementById(created.getAttribute('aria-describedby') ?? '');
    expect(rule?.textContent).toBe('At least 8 characters.');
    const current = screen.getByLabelText('Your password');
    expect(current.getAttribute('autocomplete')).toBe('current-password');
    expect(current.hasAttribute('aria-describedby')).toBe(false);
  });
});
