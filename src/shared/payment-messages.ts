// Texts of the payment screens (spec part 1 §4 "Payment failure variants", §8 "Payment errors").

/** The "Payment Error" toast text, chosen by what the error message contains (spec part 1 §8, in order). */
export function paymentErrorToastText(message: string): string {
  if (message.includes('PAYPAL_MODE'))
    return 'Payment system is being configured. Please try again in a few moments.';
  if (message.includes('configuration'))
    return 'Payment system temporarily unavailable. Please contact support.';
  if (/network|fetch/i.test(message)) return 'Connection error. Please check your internet and try again.';
  if (message.includes('CLIENT_ID')) return 'Payment service configuration error. Please contact support.';
  return 'Failed to process payment. Please try again.';
}

export const PAYMENT_ERROR_TOAST = { title: 'Payment Error', durationMs: 8000 } as const;

/** The failure description for a provider and status (spec part 1 §4). */
export function paymentFailureText(
  provider: string | undefined,
  status: string | undefined,
  message?: string,
): string {
  if (provider?.toLowerCase() === 'paypal') {
    if (status === 'cancelled')
      return 'Your PayPal payment was cancelled. No charges were made to your account.';
    if (status === 'error') return 'There was an error processing your PayPal payment. Please try again.';
    return 'Your PayPal payment could not be completed. Please try again.';
  }
  return message || 'Your payment could not be processed. Please try again.';
}

export const PAYPAL_TIPS = [
  'Ensure you have sufficient funds in your PayPal account',
  'Check that your PayPal account is verified',
  'Try using a different payment method within PayPal',
  'Contact PayPal support if the issue persists',
] as const;

export const GENERIC_TIPS = [
  'Check your payment details',
  'Ensure sufficient funds are available',
  'Try a different payment method',
  'Contact our support team if needed',
] as const;

export function paymentTips(provider: string | undefined): readonly string[] {
  return provider?.toLowerCase() === 'paypal' ? PAYPAL_TIPS : GENERIC_TIPS;
}

/** The boxed error line: "PAYPAL Error: …" or "Error: …" (spec part 1 §2 /payment-failed). */
export function paymentErrorLine(provider: string | undefined, errorMessage: string): string {
  return `${provider ? `${provider.toUpperCase()} ` : ''}Error: ${errorMessage}`;
}

/** The error text read from /payment-failed's query: error_Message, else error, else the default. */
export function failedPageErrorMessage(query: URLSearchParams): string {
  return query.get('error_Message') || query.get('error') || 'Payment was not completed';
}

/** The return page's failure toast (spec part 1 §8): shown 10 s. */
export function captureFailureToastText(message: string): string {
  return `${message} - Please contact support with your PayPal transaction ID.`;
}
