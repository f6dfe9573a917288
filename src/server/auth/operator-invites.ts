// A new operator's first mail (issue 43): createOperator asks better-auth for a password-reset link,
// which the reset mail would describe as "Someone asked to reset your password". While it asks, the
// address is marked here, so the mail says an operator account was created instead. Per process:
// createOperator and the mail it causes run in the same one (boot or npm run admin:create).

const invited = new Set<string>();

/** Runs `send` (the reset request) with `email` marked as a new operator's invitation. */
export async function asOperatorInvite<T>(email: string, send: () => Promise<T>): Promise<T> {
  invited.add(email.toLowerCase());
  try {
    return await send();
  } finally {
    invited.delete(email.toLowerCase());
  }
}

export const isOperatorInvite = (email: string) => invited.has(email.toLowerCase());
