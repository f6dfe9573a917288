import { hashPassword, verifyPassword } from 'better-auth/crypto';

// better-auth hashes passwords with Node's scrypt (N = 16,384, r = 16), which holds 32 MB while it
// runs on the libuv pool. The pool runs four at once: a burst of sign-ins held 128 MB beside a
// process that otherwise peaks under 150 MB (decision 0011). One at a time, a sign-in in a burst
// waits for the ones before it (~50 ms each) instead.

/** Runs `fn` for one call at a time, in the order of the calls; a failure does not stop the next. */
export function oneAtATime() {
  let last: Promise<unknown> = Promise.resolve();
  return <T>(fn: () => Promise<T>): Promise<T> => {
    const run = last.then(fn);
    last = run.catch(() => undefined);
    return run;
  };
}

/** better-auth's own hash and verify, one scrypt at a time per process (`emailAndPassword.password`). */
export function serialPasswordHashing() {
  const serial = oneAtATime();
  return {
    hash: (password: string) => serial(() => hashPassword(password)),
    verify: (data: { hash: string; password: string }) => serial(() => verifyPassword(data)),
  };
}
