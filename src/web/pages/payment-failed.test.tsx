import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { PaymentFailedPage } from './payment-failed.tsx';

function renderAt(url: string) {
  const router = createMemoryRouter([{ path: '/payment-failed', element: <PaymentFailedPage /> }], {
    initialEntries: [url],
  });
  render(<RouterProvider router={router} />);
}

describe('/payment-failed', () => {
  it('shows the PayPal cancelled variant with the PayPal tips', () => {
    renderAt('/payment-failed?gateway=paypal&reason=cancelled');
    expect(screen.getByRole('heading', { name: 'Payment Failed' })).toBeDefined();
    expect(screen.getByText('Your payment could not be processed')).toBeDefined();
    expect(
      screen.getByText('Your PayPal payment was cancelled. No charges were made to your account.'),
    ).toBeDefined();
    expect(screen.getByRole('alert').textContent).toBe('PAYPAL Error: Payment was not completed');
    expect(screen.getByText('Check that your PayPal account is verified')).toBeDefined();
    expect(screen.getByRole('link', { name: 'Try Payment Again' }).getAttribute('href')).toBe('/payment');
    expect(screen.getByRole('link', { name: 'Back to Login' }).getAttribute('href')).toBe('/auth');
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
