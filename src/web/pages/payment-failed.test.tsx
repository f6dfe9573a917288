import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '#tests/support/web/render-app.tsx';
import { PaymentFailedPage } from './payment-failed.tsx';

function renderAt(url: string, signedIn = false) {
  renderApp({
    path: url,
    auth: signedIn ? { user: { id: 'u1', email: 'buyer@example.com', role: 'user' } } : 'visitor',
    routes: { '/payment-failed': <PaymentFailedPage /> },
  });
}

describe('/payment-failed', () => {
  it('a cancel at PayPal says it was cancelled and offers to try again: no error, no tips (issue 43)', () => {
    renderAt('/payment-failed?gateway=paypal&reason=cancelled');
    expect(screen.getByRole('heading', { name: 'Payment cancelled' })).toBeDefined();
    expect(
      screen.getByText('Your PayPal payment was cancelled. No charges were made to your account.'),
    ).toBeDefined();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.queryByText(/Payment Failed|could not be processed|sufficient funds/)).toBeNull();
    expect(screen.getByRole('link', { name: 'Try again' }).getAttribute('href')).toBe('/payment');
    expect(screen.getByRole('link', { name: 'Back to Login' }).getAttribute('href')).toBe('/auth');
  });

  it('signed in, offers home rather than a login the buyer does not need', () => {
    renderAt('/payment-failed?gateway=paypal&reason=cancelled', true);
    expect(screen.queryByRole('link', { name: 'Back to Login' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Back to Home' }).getAttribute('href')).toBe('/');
  });

  it('shows the PayPal failure variant with the PayPal tips', () => {
    renderAt('/payment-failed?gateway=paypal&reason=failed');
    expect(screen.getByRole('heading', { name: 'Payment Failed' })).toBeDefined();
    expect(screen.getByText('Your payment could not be processed')).toBeDefined();
    expect(screen.getByText('Your PayPal payment could not be completed. Please try again.')).toBeDefined();
    expect(screen.getByRole('alert').textContent).toBe('PAYPAL Error: Payment was not completed');
    expect(screen.getByText('Check that your PayPal account is verified')).toBeDefined();
    expect(screen.getByRole('link', { name: 'Try Payment Again' }).getAttribute('href')).toBe('/payment');
    expect(screen.getByText(/no charges were made/)).toBeDefined();
  });

  it('shows the generic variant with the error from the query', () => {
    renderAt('/payment-failed?error=Card%20expired');
    expect(screen.getByText('Card expired')).toBeDefined();
    expect(screen.getByRole('alert').textContent).toBe('Error: Card expired');
    expect(screen.getByText('Check your payment details')).toBeDefined();
  });

  it('prefers error_Message over error', () => {
    renderAt('/payment-failed?gateway=paypal&reason=error&error_Message=Timeout&error=Other');
    expect(
      screen.getByText('There was an error processing your PayPal payment. Please try again.'),
    ).toBeDefined();
    expect(screen.getByRole('alert').textContent).toBe('PAYPAL Error: Timeout');
  });
});
