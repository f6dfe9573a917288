import { describe, expect, it } from 'vitest';
import {
  captureFailureToastText,
  failedPageErrorMessage,
  paymentErrorLine,
  paymentErrorToastText,
  paymentFailureText,
  paymentTips,
} from './payment-messages.ts';

describe('paymentErrorToastText', () => {
  it.each([
    ['PAYPAL_MODE is not set', 'Payment system is being configured. Please try again in a few moments.'],
    ['bad configuration of the gateway', 'Payment system temporarily unavailable. Please contact support.'],
    ['Network request failed', 'Connection error. Please check your internet and try again.'],
    ['Failed to fetch', 'Connection error. Please check your internet and try again.'],
    ['CLIENT_ID missing', 'Payment service configuration error. Please contact support.'],
    ['Something else', 'Failed to process payment. Please try again.'],
    // The table is read top to bottom: PAYPAL_MODE wins over configuration.
    ['PAYPAL_MODE configuration', 'Payment system is being configured. Please try again in a few moments.'],
  ])('%s → %s', (message, text) => {
    expect(paymentErrorToastText(message)).toBe(text);
  });
});

describe('paymentFailureText', () => {
  it.each([
    ['paypal', 'cancelled', 'Your PayPal payment was cancelled. No charges were made to your account.'],
    ['paypal', 'error', 'There was an error processing your PayPal payment. Please try again.'],
    ['paypal', 'declined', 'Your PayPal payment could not be completed. Please try again.'],
    ['paypal', undefined, 'Your PayPal payment could not be completed. Please try again.'],
  ])('%s + %s', (provider, status, text) => {
    expect(paymentFailureText(provider, status)).toBe(text);
  });

  it('shows another provider its own message, or the generic text', () => {
    expect(paymentFailureText('stripe', 'failed', 'Card expired')).toBe('Card expired');
    expect(paymentFailureText(undefined, undefined)).toBe(
      'Your payment could not be processed. Please try again.',
    );
  });
});

describe('failed page texts', () => {
  it('reads error_Message, then error, then the default', () => {
    expect(failedPageErrorMessage(new URLSearchParams('error_Message=A&error=B'))).toBe('A');
    expect(failedPageErrorMessage(new URLSearchParams('error=B'))).toBe('B');
    expect(failedPageErrorMessage(new URLSearchParams(''))).toBe('Payment was not completed');
  });

  it('prefixes the boxed line with the upper-cased provider', () => {
    expect(paymentErrorLine('paypal', 'x')).toBe('PAYPAL Error: x');
    expect(paymentErrorLine(undefined, 'x')).toBe('Error: x');
  });

  it('picks PayPal tips or generic tips', () => {
    expect(paymentTips('paypal')[0]).toContain('PayPal');
    expect(paymentTips(undefined)).toHaveLength(4);
  });

  it('builds the capture failure toast', () => {
    expect(captureFailureToastText('Payment capture failed: declined')).toBe(
      'Payment capture failed: declined - Please contact support with your PayPal transaction ID.',
    );
  });
});
